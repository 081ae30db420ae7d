import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { TableWrapper } from './TableWrapper';
import { watchPrerenderedRegion } from './prerendered';

/** A ResizeObserver the test triggers, and a box whose widths the test sets. */
let resized: () => void = () => {};
let widths = { scrollWidth: 0, clientWidth: 0 };

function setUp(scrollWidth: number, clientWidth: number) {
  widths = { scrollWidth, clientWidth };
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        resized = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() => widths.scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => widths.clientWidth);
}

const table = (
  <table>
    <tbody>
      <tr>
        <td>1</td>
      </tr>
    </tbody>
  </table>
);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TableWrapper', () => {
  it('is a plain box when prerendered, carrying its label', () => {
    const html = renderToString(<TableWrapper label="Table with columns a">{table}</TableWrapper>);
    expect(html).toMatch(/^<div class="table-wrapper" data-label="Table with columns a"><table>/);
  });

  it('adds no tab stop while the table fits', () => {
    setUp(300, 300);
    const { container } = render(<TableWrapper label="Table with columns a">{table}</TableWrapper>);
    const box = container.firstElementChild!;
    expect(box.getAttribute('tabindex')).toBeNull();
    expect(box.getAttribute('role')).toBeNull();
    expect(box.getAttribute('aria-label')).toBeNull();
  });

  it('is a named, focusable region while the table overflows, and stops being one when it fits', () => {
    setUp(600, 300);
    render(<TableWrapper label="Table with columns a">{table}</TableWrapper>);
    const region = screen.getByRole('region', { name: 'Table with columns a' });
    expect(region.getAttribute('tabindex')).toBe('0');
    widths = { scrollWidth: 600, clientWidth: 600 }; // the window got wider
    act(() => resized());
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('makes a prerendered box not hydrated yet a named region while its table overflows', () => {
    setUp(600, 300);
    document.body.innerHTML = renderToString(<TableWrapper label="Table with columns a">{table}</TableWrapper>);
    const stop = watchPrerenderedRegion(document.querySelector<HTMLElement>('.table-wrapper')!);
    const region = screen.getByRole('region', { name: 'Table with columns a' });
    expect(region.getAttribute('tabindex')).toBe('0');
    widths = { scrollWidth: 600, clientWidth: 600 };
    resized();
    expect(screen.queryByRole('region')).toBeNull();
    expect(region.getAttribute('tabindex')).toBeNull();
    stop();
    document.body.innerHTML = '';
  });

  it('is no region once hydrated if its table fits by then, whatever the box was given before', async () => {
    setUp(600, 300);
    const element = <TableWrapper label="Table with columns a">{table}</TableWrapper>;
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.append(container);
    const stop = watchPrerenderedRegion(container.querySelector<HTMLElement>('.table-wrapper')!);
    expect(screen.getByRole('region').getAttribute('tabindex')).toBe('0');
    stop(); // hydration began: the watcher stops before it saw the window get wider
    widths = { scrollWidth: 600, clientWidth: 600 };
    const root = await act(async () => hydrateRoot(container, element));
    expect(screen.queryByRole('region')).toBeNull();
    expect(container.querySelector('.table-wrapper')!.getAttribute('tabindex')).toBeNull();
    act(() => root.unmount());
    container.remove();
  });
});
