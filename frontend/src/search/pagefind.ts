/**
 * The search on Pagefind's bundle (`search.engine: pagefind`, src/docsite/search/pagefind.py): the
 * same results as the lunr worker's (client.ts), one hit per section, from the fragments Pagefind
 * fetches per query instead of one index downloaded whole.
 *
 * `{base}pagefind/pagefind.js` is the build's, not the front end's: it is imported at run time, on
 * first use, by a URL Vite leaves alone. It searches the same tags as lunr (its filter `index`: the
 * docs version being read, the blog, the other pages). Pagefind ranks pages; a page's matching
 * sections (its sub-results) follow it, the best first. Its results are pages, so the total of a
 * query's sections is known once every page was read: until then `total` counts one section for each
 * page not read yet (the search page's "more" button reads on).
 */
import type { SearchDocument, SearchHit, SearchResults, SearchType, Snippet, SnippetPart } from './types';

/** What this adapter uses of Pagefind's API (pagefind.js, 1.x). */
interface PagefindLocation {
  weight: number;
  balanced_score: number;
  location: number;
}
interface PagefindSubResult {
  title: string;
  url: string;
  anchor?: { id: string };
  excerpt: string;
  weighted_locations: PagefindLocation[];
}
interface PagefindData {
  url: string;
  meta: Record<string, string>;
  excerpt: string;
  sub_results: PagefindSubResult[];
}
interface PagefindResult {
  score: number;
  data: () => Promise<PagefindData>;
}
export interface PagefindApi {
  options: (options: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  search: (query: string, options?: { filters?: Record<string, unknown> }) => Promise<{ results: PagefindResult[] } | null>;
}

/** The page's fields every section shares (meta `doc`). */
interface PageFields {
  pageTitle: string;
  type: SearchType;
  tags: string[];
  sidebarParentCategories: string[];
}

/** A query's results as read so far: the pages Pagefind ranked, the hits of those already read. */
interface Found {
  query: string;
  tags: string;
  pages: PagefindResult[];
  read: number; // pages read (their data fetched)
  hits: SearchHit[];
}

const PAGES_AT_ONCE = 8; // pages read together: the panel's results come from the first few

let api: Promise<PagefindApi | null> | null = null;
let last: Found | null = null;

/** Load Pagefind's API from `bundle` (`{base}pagefind/`) once per visit; null if it cannot be
 * loaded: searched as empty, like a lunr index that cannot be fetched (the spec's rule). */
export function loadPagefind(bundle: string, importer: (url: string) => Promise<PagefindApi> = importBundle): Promise<PagefindApi | null> {
  api ??= importer(`${bundle}pagefind.js`).then(
    async (pagefind) => {
      await pagefind.options({ baseUrl: '/', excerptLength: 30 });
      await pagefind.init();
      return pagefind;
    },
    () => null, // silently, as the spec has it for an index that cannot be fetched
  );
  return api;
}

function importBundle(url: string): Promise<PagefindApi> {
  return import(/* @vite-ignore */ url) as Promise<PagefindApi>;
}

/** Forget the loaded bundle (the dev server rebuilt it, or a test). */
export function resetPagefind(): void {
  api = null;
  last = null;
}

/** The hits `offset` to `offset + count` of `query` among the pages of `tags`, at most `limit` in all. */
export async function searchPagefind(
  bundle: string,
  tags: string[],
  query: string,
  { limit, offset = 0, count = limit }: { limit: number; offset?: number; count?: number },
): Promise<SearchResults> {
  const pagefind = await loadPagefind(bundle);
  const words = queryWords(query);
  if (!pagefind || words.length === 0) return { query, hits: [], total: 0 };
  const key = tags.join(' ');
  if (!last || last.query !== query || last.tags !== key) {
    const found = await pagefind.search(words.join(' '), { filters: { index: { any: tags } } });
    last = { query, tags: key, pages: found?.results ?? [], read: 0, hits: [] };
  }
  const found = last;
  const wanted = Math.min(limit, offset + count);
  while (found.hits.length < wanted && found.read < found.pages.length) {
    const batch = found.pages.slice(found.read, found.read + PAGES_AT_ONCE);
    found.read += batch.length;
    const data = await Promise.all(batch.map((page) => page.data()));
    found.hits.push(...data.flatMap((page, i) => pageHits(page, batch[i]?.score ?? 0, query)));
  }
  const total = Math.min(limit, found.hits.length + (found.pages.length - found.read));
  return { query, total, hits: found.hits.slice(offset, Math.min(offset + count, limit)) };
}

/** A page's matching sections as hits, the best first. */
export function pageHits(page: PagefindData, score: number, query: string): SearchHit[] {
  const fields = pageFields(page);
  const sections = page.sub_results.length > 0 ? page.sub_results : [{ title: fields.pageTitle, url: page.url, excerpt: page.excerpt, weighted_locations: [] }];
  return sections
    .map((section) => ({ section, score: section.weighted_locations.reduce((sum, l) => sum + l.balanced_score, 0) }))
    .sort((a, b) => b.score - a.score)
    .map(({ section, score: sectionScore }, position): SearchHit => {
      const snippet = excerptSnippet(section.excerpt);
      const document: Omit<SearchDocument, 'content'> = {
        id: position,
        title: section.title,
        tags: fields.tags,
        sidebarParentCategories: fields.sidebarParentCategories,
        sectionRoute: section.anchor ? `${page.url}#${section.anchor.id}` : page.url,
        sectionTitle: section.title,
        pageTitle: fields.pageTitle,
        type: fields.type,
      };
      const marked = snippet.parts.filter((part) => part.marked).map((part) => part.text.toLowerCase());
      return { document, score: score * 1000 + sectionScore, terms: [...new Set([...queryWords(query), ...marked])], snippet };
    });
}

function pageFields(page: PagefindData): PageFields {
  try {
    return JSON.parse(page.meta.doc ?? '') as PageFields;
  } catch {
    return { pageTitle: page.meta.title ?? page.url, type: 'other', tags: [], sidebarParentCategories: [] };
  }
}

/** The reader's words, without what is query syntax to lunr or Pagefind (`"` makes a phrase). */
function queryWords(query: string): string[] {
  return query.toLowerCase().split(/[\s\-:^~+*"]+/).filter(Boolean);
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

function unescape(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** Pagefind's excerpt (escaped text, the matched words in `<mark>`) as a snippet. */
export function excerptSnippet(excerpt: string): Snippet {
  const parts: SnippetPart[] = [];
  excerpt.split(/<mark>(.*?)<\/mark>/s).forEach((text, index) => {
    if (text) parts.push({ text: unescape(text), marked: index % 2 === 1 });
  });
  return { parts, before: false, after: false };
}
