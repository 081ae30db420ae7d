/**
 * Where things are in the built site. The same rules live in src/docsite/output.py;
 * tests/unit/test_output.py runs both and keeps them in step.
 */

/** `/docs/environments` -> `docs/environments`; `/` -> `index`. */
export function dataKey(route: string): string {
  const key = route.replace(/^\/+|\/+$/g, '');
  return key === '' ? 'index' : key;
}

export function pageDataPath(route: string): string {
  return `_data/page/${dataKey(route)}.json`;
}

/** A sidebar's data: `_data/sidebar/docs.json`, a released version's `_data/sidebar/version-1.0/docs.json`. */
export function sidebarDataPath(sidebarId: string, version = 'current'): string {
  const folder = version === 'current' ? '' : `version-${version}/`;
  return `_data/sidebar/${folder}${sidebarId}.json`;
}

/** The docs plugin's versions (src/docsite/versions.py), fetched by the navbar's version items. */
export function docsDataPath(pluginId: string): string {
  return `_data/docs/${pluginId}.json`;
}

/** An API's Try-it data (src/docsite/openapi/tryit.py), fetched when a reader opens a Try it panel. */
export function tryItDataPath(api: string): string {
  return `_data/tryit/${api}.json`;
}

/** An API's code samples beyond the first language (src/docsite/openapi/samples.py), fetched when a reader picks one. */
export function samplesDataPath(api: string): string {
  return `_data/samples/${api}.json`;
}

/** The route with a trailing `.html` or `/index.html` removed, or null when it has neither. */
export function strippedHtmlRoute(route: string): string | null {
  for (const suffix of ['/index.html', '.html']) {
    if (route.endsWith(suffix)) {
      return route.slice(0, -suffix.length) || '/';
    }
  }
  return null;
}

/** The site's base URL ("/" or "/docs-site/"), known on both sides of the render. */
export function baseUrl(): string {
  if (typeof window !== 'undefined' && window.__DOCSITE_BASE__) return window.__DOCSITE_BASE__;
  return globalThis.__DOCSITE_BASE__ ?? '/';
}

/** A site path (`/img/logo.svg`) as a URL under the base URL. External URLs pass through. */
export function withBase(path: string): string {
  if (isExternal(path) || path.startsWith('#')) return path;
  return baseUrl() + path.replace(/^\/+/, '');
}

export function isExternal(href: string): boolean {
  return /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(href);
}

/** Links that the router handles: site routes, not files to download. */
export function isRouteLink(href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return false;
  const path = href.split(/[?#]/, 1)[0] ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !/\.(?!html$)[a-z0-9]+$/i.test(last);
}

declare global {
  interface Window {
    __DOCSITE_BASE__?: string;
  }
  // eslint-disable-next-line no-var
  var __DOCSITE_BASE__: string | undefined;
}
