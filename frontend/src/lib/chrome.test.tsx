/** Rules of the chrome's helpers that no page shows directly. */
import { act, render, renderHook, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from '../lib/navigation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoundedCache, ROUTE_CACHE_LIMIT } from './data';
import { createRequiredContext } from './context';
import { useQueryParam } from './queryParams';
import { RESIZE_DEBOUNCE_MS, useWindowSize } from './useWindowSize';
import { errorChain } from '../app/errors';

describe('the route cache', () => {
  it('keeps at most 10,000 routes, forgetting the oldest', () => {
    expect(ROUTE_CACHE_LIMIT).toBe(10_000);
    const cache = new BoundedCache<string, number>(ROUTE_CACHE_LIMIT);
    for (let i = 0; i < ROUTE_CACHE_LIMIT + 5; i++) cache.set(`/page/${i}`, i);
    expect(cache.size).toBe(ROUTE_CACHE_LIMIT);
    expect(cache.has('/page/4')).toBe(false);
    expect(cache.get('/page/5')).toBe(5);
    expect(cache.get(`/page/${ROUTE_CACHE_LIMIT + 4}`)).toBe(ROUTE_CACHE_LIMIT + 4);
  });

  it('counts a route set again as new', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1).set('b', 2).set('a', 3).set('c', 4);
    expect([...cache.keys()]).toEqual(['a', 'c']);
  });
});

describe('contexts', () => {
  it('throw a clear error outside their provider', () => {
    const [, useThing] = createRequiredContext<string>('Thing');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useThing())).toThrow(
      'useThing() was called outside <ThingProvider>. Wrap the component in the provider.',
    );
  });

  it('give the value inside it', () => {
    const [ThingContext, useThing] = createRequiredContext<string>('Thing');
    const { result } = renderHook(() => useThing(), {
      wrapper: ({ children }) => <ThingContext.Provider value="here">{children}</ThingContext.Provider>,
    });
    expect(result.current).toBe('here');
  });
});

describe('the window size', () => {
  afterEach(() => vi.useRealTimers());

  it('follows resizing 20 ms after it stops', () => {
    vi.useFakeTimers();
    window.innerWidth = 375;
    const { result } = renderHook(() => useWindowSize());
    expect(result.current).toBe('mobile');
    act(() => {
      window.innerWidth = 1280;
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 5);
      window.dispatchEvent(new Event('resize')); // still resizing: starts the wait again
      vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 5);
    });
    expect(result.current).toBe('mobile');
    act(() => vi.advanceTimersByTime(5));
    expect(result.current).toBe('desktop');
    expect(RESIZE_DEBOUNCE_MS).toBe(20);
  });

  it('makes 996 px the last mobile width', () => {
    window.innerWidth = 996;
    expect(renderHook(() => useWindowSize()).result.current).toBe('mobile');
    window.innerWidth = 997;
    expect(renderHook(() => useWindowSize()).result.current).toBe('desktop');
  });
});

describe('the query-string helper', () => {
  function Probe() {
    const [tab, setTab] = useQueryParam('tab');
    const location = useLocation();
    return (
      <>
        <output>{tab ?? 'none'}</output>
        <span data-testid="url">{location.pathname + location.search + location.hash}</span>
        <button onClick={() => setTab('curl')}>set</button>
        <button onClick={() => setTab(null)}>clear</button>
      </>
    );
  }

  it('reads a parameter and replaces it, keeping the rest of the address', () => {
    render(
      <MemoryRouter initialEntries={['/docs/x?tab=java&lang=en#step-2']}>
        <Probe />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toBe('java');
    act(() => screen.getByText('set').click());
    expect(screen.getByRole('status').textContent).toBe('curl');
    expect(screen.getByTestId('url').textContent).toBe('/docs/x?tab=curl&lang=en#step-2');
    act(() => screen.getByText('clear').click());
    expect(screen.getByRole('status').textContent).toBe('none');
    expect(screen.getByTestId('url').textContent).toBe('/docs/x?lang=en#step-2');
  });
});

describe('the crash screen', () => {
  it('lists the error and each cause', () => {
    const error = new Error('outer', { cause: new TypeError('middle', { cause: 'the root' }) });
    expect(errorChain(error)).toEqual(['Error: outer', 'TypeError: middle', 'the root']);
  });

  it('stops on a cycle of causes', () => {
    const error = new Error('loop');
    (error as { cause?: unknown }).cause = error;
    expect(errorChain(error)).toEqual(['Error: loop']);
  });
});
