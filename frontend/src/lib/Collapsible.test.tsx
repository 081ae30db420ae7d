import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Collapsible, collapseDuration } from './Collapsible';

function mockReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({ matches: reduce && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('collapseDuration', () => {
  it('grows with the content height, ever more slowly', () => {
    const durations = [0, 50, 200, 800, 3200].map((h) => collapseDuration(h, false));
    expect(durations).toEqual([40, 206, 281, 410, 678]);
    for (let i = 1; i < durations.length; i++) expect(durations[i]).toBeGreaterThan(durations[i - 1]!);
  });

  it('is 1 ms when the reader prefers reduced motion', () => {
    expect(collapseDuration(800, true)).toBe(1);
  });
});

describe('Collapsible', () => {
  it('is prerendered hidden when collapsed and visible when expanded', () => {
    expect(renderToString(<Collapsible collapsed>x</Collapsible>)).toContain('style="display:none;overflow:hidden;height:0px"');
    expect(renderToString(<Collapsible collapsed={false}>x</Collapsible>)).not.toContain('style=');
  });

  it('animates the height with ease-in-out and a duration from the content height, then hides', () => {
    mockReducedMotion(false);
    vi.useFakeTimers();
    const { container, rerender } = render(<Collapsible collapsed={false}>content</Collapsible>);
    const element = container.firstElementChild as HTMLElement;
    Object.defineProperty(element, 'scrollHeight', { configurable: true, value: 200 });
    rerender(<Collapsible collapsed>content</Collapsible>);
    expect(element.style.transition).toBe('height 281ms ease-in-out');
    expect(element.dataset.collapseDuration).toBe('281');
    expect(element.style.height).toBe('0px');
    act(() => void vi.advanceTimersByTime(400));
    expect(element.style.display).toBe('none');
    expect(element.dataset.collapseDuration).toBeUndefined();

    rerender(<Collapsible collapsed={false}>content</Collapsible>);
    expect(element.style.display).toBe('');
    expect(element.style.height).toBe('200px');
    act(() => void vi.advanceTimersByTime(400));
    expect(element.style.height).toBe('');
    expect(element.style.overflow).toBe('');
  });

  it('takes 1 ms when reduced motion is preferred', () => {
    mockReducedMotion(true);
    const { container, rerender } = render(<Collapsible collapsed={false}>content</Collapsible>);
    const element = container.firstElementChild as HTMLElement;
    rerender(<Collapsible collapsed>content</Collapsible>);
    expect(element.style.transition).toBe('height 1ms ease-in-out');
  });

  it('tells when an animation has ended, with the state it ended in', () => {
    mockReducedMotion(false);
    vi.useFakeTimers();
    const ended = vi.fn();
    const { rerender } = render(<Collapsible collapsed onAnimationEnd={ended}>content</Collapsible>);
    rerender(<Collapsible collapsed={false} onAnimationEnd={ended}>content</Collapsible>);
    act(() => void vi.advanceTimersByTime(500));
    expect(ended).toHaveBeenCalledWith(false);
  });
});
