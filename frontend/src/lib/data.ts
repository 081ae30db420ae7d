/**
 * Pages in the browser: their data, fetched as JSON on client-side navigation, and their code (the
 * layout's chunk). Both are cached, and prefetched for links the reader is likely to follow (not on
 * 2g or data-saver connections).
 *
 * The layouts are above this module: the entry point hands their loader in (`setLayoutLoader`).
 */
import type { DocsPluginData, PageData, PageLoaderData, SidebarData, SiteData } from '../types';
import { baseUrl, docsDataPath, pageDataPath, sidebarDataPath, strippedHtmlRoute } from './paths';

/** The page could not be loaded (network down, server error): the caller shows the retry box. */
export class PageLoadError extends Error {
  constructor(
    message: string,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PageLoadError';
  }
}

/** Routes the reader may visit in one session are few; a crawler's are not: the cache is capped. */
export const ROUTE_CACHE_LIMIT = 10_000;

/** A Map that forgets its oldest entries beyond `limit`. */
export class BoundedCache<K, V> extends Map<K, V> {
  constructor(readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    this.delete(key);
    super.set(key, value);
    while (this.size > this.limit) this.delete(this.keys().next().value as K);
    return this;
  }
}

const cache = new BoundedCache<string, Promise<unknown>>(ROUTE_CACHE_LIMIT);
let buildId = '';

/** Loads the code that renders `page` (its layout's chunk); resolves when the page can render. */
export type LayoutLoader = (page: PageData) => Promise<void>;

let loadLayout: LayoutLoader | null = null;

/** The entry point's layout registry loads each page's code (app/layouts.ts). */
export function setLayoutLoader(load: LayoutLoader): void {
  loadLayout = load;
}

export function setBuildId(id: string): void {
  buildId = id;
}

function dataUrl(path: string): string {
  return `${baseUrl()}${path}${buildId ? `?v=${encodeURIComponent(buildId)}` : ''}`;
}

/** Fetch JSON once; a 404 resolves to null, any other failure rejects (and is not cached). */
export function fetchJson<T>(path: string): Promise<T | null> {
  const url = dataUrl(path);
  let pending = cache.get(url) as Promise<T | null> | undefined;
  if (!pending) {
    pending = fetch(url, { headers: { Accept: 'application/json' } }).then(
      async (response) => {
        if (response.status === 404) return null;
        if (!response.ok) throw new PageLoadError(`${url} answered ${response.status} ${response.statusText}`, url);
        return (await response.json()) as T;
      },
      (error: unknown) => {
        throw new PageLoadError(`Could not fetch ${url}`, url, { cause: error });
      },
    );
    pending.catch(() => cache.delete(url));
    cache.set(url, pending);
  }
  return pending;
}

/**
 * Forget the cached data of these files (`_data/page/docs/x.json`, `_data/sidebar/docs.json`):
 * `docsite dev` rebuilt them, and the next load fetches them again.
 */
export function forgetData(paths: string[]): void {
  for (const path of paths) cache.delete(dataUrl(path));
}

export async function loadSite(): Promise<SiteData> {
  const site = await fetchJson<SiteData>('_data/site.json');
  if (!site) throw new PageLoadError('The site data is missing (_data/site.json).', dataUrl('_data/site.json'));
  return site;
}

/**
 * Everything the page at `route` (below the base URL) needs to render: its data, its sidebar and
 * its layout's code. The not-found page when there is no such page.
 */
export async function loadPage(route: string): Promise<PageLoaderData> {
  const load = loadLayout;
  if (!load) throw new Error('No layout loader: the entry point calls setLayoutLoader() before loading a page.');
  const data = await loadPageData(route);
  try {
    await load(data.page);
  } catch (error) {
    throw new PageLoadError(`Could not load the code of the page ${route}.`, route, { cause: error });
  }
  return data;
}

/**
 * The not-found pages that may answer for `route`, closest first: a section's own
 * (`/specification/404`, as the servers' nearest `404.html`), then the site's.
 */
export function notFoundRoutes(route: string): string[] {
  const parts = route.split('/').filter(Boolean);
  const sections = parts.slice(0, -1).map((_, index) => `/${parts.slice(0, parts.length - 1 - index).join('/')}/404`);
  return [...sections, '/404'];
}

async function loadPageData(route: string): Promise<PageLoaderData> {
  let page = await fetchJson<PageData>(pageDataPath(route));
  const stripped = page ? null : strippedHtmlRoute(route);
  if (!page && stripped) page = await fetchJson<PageData>(pageDataPath(stripped));
  for (const notFound of notFoundRoutes(route)) {
    if (page) break;
    page = await fetchJson<PageData>(pageDataPath(notFound));
  }
  if (!page) throw new PageLoadError('The not-found page data is missing.', dataUrl(pageDataPath('/404')));
  const sidebarId = 'doc' in page ? page.doc.sidebar : null;
  const version = 'doc' in page ? page.doc.version : undefined;
  const sidebar = sidebarId ? await fetchJson<SidebarData>(sidebarDataPath(sidebarId, version)) : null;
  return { page, sidebar };
}

/** The versions of a docs plugin, with their docs, drafts and sidebars (for the navbar's version items). */
export async function loadDocsData(pluginId: string): Promise<DocsPluginData> {
  const data = await fetchJson<DocsPluginData>(docsDataPath(pluginId));
  if (!data) throw new PageLoadError(`No docs data for plugin "${pluginId}".`, dataUrl(docsDataPath(pluginId)));
  return data;
}

/**
 * Start loading a route's data and code ahead of a likely navigation, unless the connection is slow
 * or metered. The work waits until the browser is idle: it never competes with the page loading.
 */
export function prefetchPage(route: string): void {
  if (!shouldPrefetch()) return;
  whenIdle(() =>
    loadPage(route).catch(() => {
      /* a failed prefetch is retried by the navigation itself */
    }),
  );
}

function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 2000 });
  else window.setTimeout(task, 1);
}

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

export function shouldPrefetch(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!connection) return true;
  return !connection.saveData && !(connection.effectiveType ?? '').includes('2g');
}

/** Strip the base URL from a pathname: `/site/docs/x` -> `/docs/x`. */
export function routeOf(pathname: string): string {
  const base = baseUrl();
  if (base !== '/' && pathname.startsWith(base)) return '/' + pathname.slice(base.length);
  return pathname;
}
