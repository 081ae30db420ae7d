/**
 * The prerendered HTML document around the app: head tags, the script that applies the colour
 * mode (and the dismissed announcement bar) before the first paint, the page data for hydration,
 * and the client's assets.
 */
import type { PageData, PageLoaderData, SiteData } from '../types';
import { configureStorage, storageKey, StorageKeys } from '../lib/storage';
import { DISMISSED_ATTRIBUTE } from '../chrome/AnnouncementBar';
import { headTags, JSON_LD_KEY, renderHeadTags, siteHeadTags } from './head';
import { pageDataPath } from '../lib/paths';
import { apiOutline } from '../api/outline';
import { placesLiveComponent } from '../renderers/live';
import { RECORD_EARLY_CLICKS } from './earlyClicks';

export interface Assets {
  /** The entry's stylesheets' text, inlined: one request less before the first paint. */
  css: string[];
  /**
   * Their files, each named by a disabled <link>, which the browser does not fetch: Vite's chunk
   * loader fetches the stylesheets a lazily loaded chunk depends on (the entry's, for a chunk that
   * imports from the entry) unless a <link> to each is in the document, and fetched the inlined
   * CSS a second time (8.4 KB) whenever a page loaded such a chunk.
   */
  inlined: string[];
  /** The stylesheets of the page's lazily loaded chunks, linked (scripts/prerender.mjs says why). */
  stylesheets: string[];
  entry: string;
  preload: string[];
}

export const ROOT_ID = '__docsite';
export const DATA_ID = '__docsite_data';

const UNSAFE_IN_SCRIPT = /<\/|<!--|\u2028|\u2029/g; // one pass over the page data, which is large
const ESCAPED_IN_SCRIPT: Record<string, string> = {
  '</': '<\\/',
  '<!--': '<\\u0021--',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON that is safe inside <script>: no `</script>` (nor any `</`), no `<!--`. Only those are
 * escaped: escaping every `<` would cost six bytes for each tag of the highlighted code inside.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (found) => ESCAPED_IN_SCRIPT[found]!);
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Runs in <head> before the body paints: base URL, colour mode, dismissed announcement bar; and it
 * notes the buttons tapped before the page hydrates (./earlyClicks.ts).
 */
export function initScript(site: SiteData): string {
  configureStorage(site.storage);
  const settings = {
    base: site.baseUrl,
    storage: site.storage.type,
    theme: storageKey(StorageKeys.theme),
    defaultMode: site.colorMode.defaultMode,
    respect: site.colorMode.respectPrefersColorScheme,
    bar: site.announcementBar?.isCloseable
      ? {
          id: site.announcementBar.id,
          idKey: storageKey(StorageKeys.announcementId),
          dismissKey: storageKey(StorageKeys.announcementDismissed),
        }
      : null,
    dismissed: DISMISSED_ATTRIBUTE,
  };
  return `(function(s){window.__DOCSITE_BASE__=s.base;var d=document.documentElement;
function g(k){if(s.storage==='none')return null;try{return localStorage.getItem(k)}catch(e){return null}}
var t=g(s.theme);if(t!=='light'&&t!=='dark'){t=s.respect&&window.matchMedia('(prefers-color-scheme: dark)').matches?'dark':s.defaultMode}
d.setAttribute('data-theme',t);d.style.colorScheme=t;
if(s.bar&&g(s.bar.idKey)===s.bar.id&&g(s.bar.dismissKey)==='true')d.setAttribute(s.dismissed,'true');
${RECORD_EARLY_CLICKS}})(${scriptJson(settings)});`;
}

/**
 * Page data larger than this is not inlined in the HTML: the browser fetches the page's JSON file
 * (preloaded from <head>) before hydrating, so the HTML, and the first paint, stay light. An API
 * reference page, whose HTML holds its whole content, inlines its outline instead and hydrates the
 * rest part by part, fetching its JSON only when the reader reaches for a part (api/Article.tsx).
 */
export const INLINE_DATA_LIMIT = 64 * 1024;

/**
 * A doc's or a blog post's data without its content, which the HTML holds: the content hydrates
 * when the reader reaches for it (layouts/ArticleContent.tsx), unless it places a component that
 * works only once hydrated (renderers/live.ts).
 */
function inlinedPage(page: PageData): PageData {
  if ((page.kind !== 'doc' && page.kind !== 'blogPost') || placesLiveComponent(page.content)) return page;
  return { ...page, content: [], prerendered: true };
}

/** The data inlined for hydration: everything, or, for a large page, all but the page's own data. */
export type InlineData = { site: SiteData } & (PageLoaderData | { page: null; sidebar: PageLoaderData['sidebar'] });

export function renderDocument(options: {
  route: string;
  appHtml: string;
  site: SiteData;
  data: PageLoaderData;
  assets: Assets;
}): string {
  const { route, appHtml, site, data, assets } = options;
  const { meta } = data.page;
  const base = site.baseUrl;
  const tags = renderHeadTags([...siteHeadTags(site), ...headTags(meta, site)]);
  const css =
    assets.css.map((text) => `<style>${text}</style>`).join('') +
    assets.inlined.map((href) => `<link rel="stylesheet" href="${base}${href}" disabled>`).join('') +
    assets.stylesheets.map((href) => `<link rel="stylesheet" href="${base}${href}">`).join('');
  const preload = [assets.entry, ...assets.preload]
    .map((href) => `<link rel="modulepreload" href="${base}${href}">`)
    .join('');
  const jsonLd = meta.jsonLd
    ? `<script type="application/ld+json" data-head="${JSON_LD_KEY}">${scriptJson(meta.jsonLd)}</script>`
    : '';
  let inline = scriptJson({ site, page: inlinedPage(data.page), sidebar: data.sidebar } satisfies InlineData);
  let dataPreload = '';
  if (inline.length > INLINE_DATA_LIMIT && data.page.kind === 'apiReference') {
    inline = scriptJson({ site, page: apiOutline(data.page), sidebar: data.sidebar } satisfies InlineData);
  } else if (inline.length > INLINE_DATA_LIMIT) {
    inline = scriptJson({ site, page: null, sidebar: data.sidebar } satisfies InlineData);
    const url = `${base}${pageDataPath(route)}?v=${encodeURIComponent(site.buildId)}`;
    dataPreload = `<link rel="preload" as="fetch" crossorigin fetchpriority="low" href="${escapeHtml(url)}">`;
  }
  return (
    `<!DOCTYPE html><html lang="${site.i18n.htmlLang}" dir="${site.i18n.direction}" data-theme="${site.colorMode.defaultMode}">` +
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(meta.title)}</title>${tags}` +
    `<script>${initScript(site)}</script>${css}${preload}${dataPreload}${jsonLd}</head>` +
    `<body><div id="${ROOT_ID}">${appHtml}</div>` +
    `<script id="${DATA_ID}" type="application/json">${inline}</script>` +
    `<script type="module" src="${base}${assets.entry}"></script></body></html>`
  );
}
