/** SiteLink's links to site routes: an href under the site's base, and client-side navigation. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import type { Navigator, To } from './history';
import { Router } from './navigation';
import { prefetchPage } from './data';

vi.mock('./data', () => ({ prefetchPage: vi.fn() }));

/** The one IntersectionObserver SiteLink makes: its callback and what it observes. */
const seen = vi.hoisted(() => ({ callback: null as IntersectionObserverCallback | null, observed: [] as Element[] }));
vi.stubGlobal(
  'IntersectionObserver',
  class {
    constructor(callback: IntersectionObserverCallback) {
      seen.callback = callback;
    }
    observe(element: Element) {
      seen.observed.push(element);
    }
    unobserve(element: Element) {
      seen.observed = seen.observed.filter((other) => other !== element);
    }
  },
);

const { SiteLink } = await import('./SiteLink');

afterEach(cleanup);

function navigator() {
  return {
    createHref: (to: To) => (typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`),
    push: vi.fn<Navigator['push']>(),
    replace: vi.fn<Navigator['replace']>(),
    go: vi.fn<Navigator['go']>(),
  };
}

function link(href: string, at = '/docs/here', basename = '/') {
  const nav = navigator();
  const view = render(
    <Router navigator={nav} location={at} basename={basename}>
      <SiteLink href={href}>go</SiteLink>
    </Router>,
  );
  return { nav, anchor: view.getByText('go') };
}

describe('SiteLink to a route', () => {
  it('points under the base URL and navigates client-side on a plain click', () => {
    const { nav, anchor } = link('/docs/next#part', '/base/docs/here', '/base');
    expect(anchor.getAttribute('href')).toBe('/base/docs/next#part');
    expect(fireEvent.click(anchor)).toBe(false); // default prevented: no page load
    expect(nav.push).toHaveBeenCalledWith({ pathname: '/base/docs/next', search: '', hash: '#part' }, undefined);
    expect(nav.replace).not.toHaveBeenCalled();
  });

  it('prefetches its route once it comes into view, without an attribute saying which', () => {
    const { anchor } = link('/docs/next?tab=2#part', '/base/docs/here', '/base');
    expect(anchor.getAttributeNames().filter((name) => name.startsWith('data-'))).toEqual([]);
    expect(seen.observed).toContain(anchor);
    seen.callback!([{ isIntersecting: true, target: anchor } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(prefetchPage).toHaveBeenCalledWith('/docs/next');
    expect(seen.observed).not.toContain(anchor);
  });

  it('replaces the history entry when it points at the current location', () => {
    const { nav, anchor } = link('/docs/here');
    fireEvent.click(anchor);
    expect(nav.replace).toHaveBeenCalledWith({ pathname: '/docs/here', search: '', hash: '' }, undefined);
    expect(nav.push).not.toHaveBeenCalled();
  });

  it('leaves a click with a modifier key or another button to the browser', () => {
    const { nav, anchor } = link('/docs/next');
    for (const click of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      expect(fireEvent.click(anchor, click)).toBe(true);
    }
    expect(nav.push).not.toHaveBeenCalled();
  });
});
