/**
 * The preferred docs version (spec 4 and 7) in a site with two versions: chosen from a doc page in
 * the version dropdown, remembered per docs plugin, and read by the dropdown and the docs links.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocsPluginData, NavbarItemConfig, PageLoaderData, SiteData } from '../types';
import { SiteContext } from '../lib/site';
import { PageRouter, staticHistory, type PageHistory } from '../lib/router';
import { NavbarItem } from './navbarItems';
import { configureStorage } from '../lib/storage';

const KEY = 'docs-preferred-version-default';

const docs: DocsPluginData = {
  pluginId: 'default',
  path: '/docs',
  versions: [
    {
      name: 'current', label: 'Next', path: '/docs/next/', isLast: false, mainDocId: 'intro', draftIds: [],
      docs: [
        { id: 'intro', path: '/docs/next/', sidebar: 'docs' },
        { id: 'environments', path: '/docs/next/environments', sidebar: 'docs' },
        { id: 'webhooks', path: '/docs/next/webhooks', sidebar: 'docs' },
      ],
      sidebars: { docs: { link: { path: '/docs/next/', label: 'Introduction' } } },
    },
    {
      name: '1.0', label: '1.0', path: '/docs/', isLast: true, mainDocId: 'intro', draftIds: [],
      docs: [
        { id: 'intro', path: '/docs/', sidebar: 'docs' },
        { id: 'environments', path: '/docs/environments', sidebar: 'docs' },
      ],
      sidebars: { docs: { link: { path: '/docs/', label: 'Introduction' } } },
    },
  ],
};

const site = {
  baseUrl: '/',
  docs: { pluginId: 'default', versions: docs.versions.map(({ name, label, path, isLast }) => ({ name, label, path, isLast })) },
} as unknown as SiteData;

const dropdown: NavbarItemConfig = {
  type: 'docsVersionDropdown',
  position: 'right',
  versions: [
    { name: 'current', label: 'Next', to: '/docs/next/' },
    { name: '1.0', label: '1.0', to: '/docs/' },
  ],
};
const docsLink: NavbarItemConfig = { type: 'docSidebar', sidebarId: 'docs', label: 'Docs', to: '/docs/', position: 'left' };
const versionLink: NavbarItemConfig = { type: 'docsVersion', label: 'Docs version', to: '/docs/', position: 'left' };

function renderAt(url: string, items: NavbarItemConfig[]) {
  const history: PageHistory = { ...staticHistory(url), push: () => {}, replace: () => {} };
  const initial = { page: { kind: 'page', meta: {}, title: 'A page' }, sidebar: null } as unknown as PageLoaderData;
  return render(
    <SiteContext.Provider value={site}>
      <PageRouter history={history} basename="/" initial={initial}>
        {items.map((item, index) => (
          <NavbarItem key={index} item={item} />
        ))}
      </PageRouter>
    </SiteContext.Provider>,
  );
}

beforeEach(() => {
  configureStorage({ type: 'localStorage', namespace: null });
  localStorage.clear();
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(docs), { status: 200 })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the preferred docs version', () => {
  it('is stored when a version is chosen from a doc page, where the links go to that doc in each version', async () => {
    renderAt('/docs/next/environments', [dropdown]);
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    const older = await screen.findByRole('link', { name: '1.0' });
    await waitFor(() => expect(older.getAttribute('href')).toBe('/docs/environments'));
    act(() => {
      fireEvent.click(older);
    });
    expect(localStorage.getItem(KEY)).toBe('1.0');
    act(() => {
      fireEvent.click(screen.getByRole('link', { name: 'Next' }));
    });
    expect(localStorage.getItem(KEY)).toBe('current');
  });

  it('leads the docs links and labels the dropdown off the docs', async () => {
    localStorage.setItem(KEY, 'current');
    renderAt('/blog', [dropdown, docsLink, versionLink]);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Docs' }).getAttribute('href')).toBe('/docs/next/'));
    expect(screen.getByRole('link', { name: 'Docs version' }).getAttribute('href')).toBe('/docs/next/');
    expect(screen.getByRole('button', { name: /Next/ })).toBeTruthy();
  });

  it('gives way to the version being read', async () => {
    localStorage.setItem(KEY, 'current');
    renderAt('/docs/environments', [dropdown, docsLink]);
    await waitFor(() => expect(screen.getByRole('button', { name: /^1\.0/ })).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Docs' }).getAttribute('href')).toBe('/docs/');
  });

  it('is forgotten when the version no longer exists, and the latest version leads', async () => {
    localStorage.setItem(KEY, '0.9');
    renderAt('/blog', [dropdown, docsLink]);
    await waitFor(() => expect(localStorage.getItem(KEY)).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: /^1\.0/ })).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Docs' }).getAttribute('href')).toBe('/docs/');
  });
});
