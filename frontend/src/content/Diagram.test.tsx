import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Diagram } from './Diagram';

const source = 'sequenceDiagram\n    S->>D: POST /distribution/v1/carts';
const light = '<svg id="d-light"><rect class="actor" style="fill:#f6f7f9"/></svg>';
const dark = '<svg id="d-dark"><rect class="actor" style="fill:#242526"/></svg>';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Diagram', () => {
  it('prerenders both SVGs, each shown in its colour mode, and the source beside them', () => {
    const html = renderToString(<Diagram source={source} title="Carts" light={light} dark={dark} />);
    expect(html).toContain('class="diagram-svg light-only"><svg id="d-light">');
    expect(html).toContain('class="diagram-svg dark-only"><svg id="d-dark">');
    expect(html).toContain('S-&gt;&gt;D: POST /distribution/v1/carts');
  });

  it('is one image named by its title and described by its source', () => {
    vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
    render(<Diagram source={source} title="Carts" light={light} dark={dark} />);
    const image = screen.getByRole('img', { name: 'Diagram: Carts' });
    const described = document.getElementById(image.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(source);
    expect(screen.getByText('Carts: the diagram as text').tagName).toBe('SUMMARY');
  });

  it('without SVGs shows its source only', () => {
    vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
    render(<Diagram source={source} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('The diagram as text').tagName).toBe('SUMMARY');
  });
});
