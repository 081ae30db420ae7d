import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Diagram } from './Diagram';

const source = 'sequenceDiagram\n    S->>D: POST /distribution/v1/carts';
const light = '/assets/diagrams/0123-light.svg';
const dark = '/assets/diagrams/0123-dark.svg';
const size = { width: 600, height: 400, minWidth: 420 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Diagram', () => {
  it('prerenders an image per colour mode, sized, lazily loaded, and the source beside them', () => {
    const html = renderToString(<Diagram source={source} title="Carts" light={light} dark={dark} {...size} />);
    expect(html).toMatch(/<img class="diagram-image light-only" src="\/assets\/diagrams\/0123-light.svg" width="600" height="400" style="min-width:420px" alt="Diagram: Carts" aria-describedby="[^"]+" loading="lazy"/);
    expect(html).toContain('class="diagram-image dark-only" src="/assets/diagrams/0123-dark.svg"');
    expect(html).toContain('S-&gt;&gt;D: POST /distribution/v1/carts');
  });

  it('is an image named by its title and described by its source', () => {
    vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
    render(<Diagram source={source} title="Carts" light={light} dark={dark} {...size} />);
    const images = screen.getAllByRole('img', { name: 'Diagram: Carts' }); // one per colour mode, CSS hides one
    expect(images.map((image) => image.getAttribute('src'))).toEqual([light, dark]);
    for (const image of images) {
      const described = document.getElementById(image.getAttribute('aria-describedby') ?? '');
      expect(described?.textContent).toBe(source);
    }
    expect(screen.getByText('Carts: the diagram as text').tagName).toBe('SUMMARY');
  });

  it('without SVGs shows its source only', () => {
    vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
    render(<Diagram source={source} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('The diagram as text').tagName).toBe('SUMMARY');
  });
});
