/** SiteLink's links to site routes: what react-router's <Link> did, without its cost per link. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { Router, type Navigator, type To } from 'react-router';
import { SiteLink } from './SiteLink';

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
    expect(anchor.getAttribute('data-prefetch')).toBe('/docs/next');
    expect(fireEvent.click(anchor)).toBe(false); // default prevented: no page load
    expect(nav.push).toHaveBeenCalledWith({ pathname: '/base/docs/next', search: '', hash: '#part' });
    expect(nav.replace).not.toHaveBeenCalled();
  });

  it('replaces the history entry when it points at the current location', () => {
    const { nav, anchor } = link('/docs/here');
    fireEvent.click(anchor);
    expect(nav.replace).toHaveBeenCalledWith({ pathname: '/docs/here', search: '', hash: '' });
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
