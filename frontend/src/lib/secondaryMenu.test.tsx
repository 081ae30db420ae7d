import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { SecondaryMenuFiller, SecondaryMenuProvider, useSecondaryMenu } from './secondaryMenu';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Stands for the mobile sidebar: it shows the slot's content, or says it has none. */
function Panel() {
  const menu = useSecondaryMenu();
  return <div data-testid="panel">{menu ?? 'no secondary menu'}</div>;
}

function App({ page }: { page: 'docs' | 'other docs' | 'home' }) {
  return (
    <SecondaryMenuProvider>
      <Panel />
      {page === 'docs' && (
        <SecondaryMenuFiller>
          <ul aria-label="Docs">guides</ul>
        </SecondaryMenuFiller>
      )}
      {page === 'other docs' && (
        <SecondaryMenuFiller>
          <ul aria-label="Docs">reference</ul>
        </SecondaryMenuFiller>
      )}
    </SecondaryMenuProvider>
  );
}

describe('the secondary menu slot', () => {
  it('shows what the page on screen fills it with, elsewhere than the filler stands', () => {
    render(<App page="docs" />);
    expect(screen.getByTestId('panel').textContent).toBe('guides');
    expect(screen.getAllByRole('list', { name: 'Docs' })).toHaveLength(1);
  });

  it('follows the page: another menu replaces it, a page without one empties it', () => {
    const { rerender } = render(<App page="docs" />);
    rerender(<App page="other docs" />);
    expect(screen.getByTestId('panel').textContent).toBe('reference');
    rerender(<App page="home" />);
    expect(screen.getByTestId('panel').textContent).toBe('no secondary menu');
  });

  it('is empty in the prerendered page: the filler runs in the browser only', async () => {
    const { renderToString } = await import('react-dom/server');
    expect(renderToString(<App page="docs" />)).toContain('no secondary menu');
  });

  it('names the provider a filler was used without', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React logs the error it rethrows
    expect(() =>
      render(
        <SecondaryMenuFiller>
          <ul />
        </SecondaryMenuFiller>,
      ),
    ).toThrow('<SecondaryMenuProvider>');
  });
});
