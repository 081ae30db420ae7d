/**
 * The search on Pagefind's bundle (`search.engine: pagefind`, src/docsite/search/pagefind.py): the
 * same results as the lunr worker's (client.ts), one hit per section, from the fragments Pagefind
 * fetches per query instead of one index downloaded whole.
 *
 * `{base}pagefind/pagefind.js` is the build's, not the front end's: it is imported at run time, on
 * first use, by a URL Vite leaves alone. It searches the same tags as lunr (its filter `index`: the
 * docs version being read, the blog, the other pages). Each section is a record of the bundle, ranked
 * by Pagefind; a result's data (its fragment: title, fields, excerpt) is fetched for the hits shown
 * only, so the panel's first results cost at most eight small fetches.
 *
 * What a keystroke costs: Pagefind scores every record a query matches (about 40 µs each, in its
 * worker), and a word's prefix of one or two letters matches most of the site. So the last word is
 * searched as a prefix from its third letter on; before, alone, it is searched as a word of its own,
 * and after other words it waits for its third letter (`pagefindQuery`). Searches run one at a time,
 * as Pagefind's worker does: a search asked for while another runs waits, and is skipped when a newer
 * one is asked for meanwhile (fast typing costs the last query only, not every keystroke's).
 */
import type { SearchDocument, SearchHit, SearchResults, SearchType, Snippet, SnippetPart } from './types';

/** What this adapter uses of Pagefind's API (pagefind.js, 1.x). */
export interface PagefindData {
  url: string;
  meta: Record<string, string>;
  excerpt: string;
  content?: string; // the record's whole text, as the excerpt is cut from it
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

/** A section's fields but its text (meta `doc`). */
interface SectionFields {
  sectionRoute?: string; // path#anchor (the record's URL is its file's in the build's folder of sections)
  sectionTitle: string;
  pageTitle: string;
  type: SearchType;
  tags: string[];
  sidebarParentCategories: string[];
}

/** A query's results as read so far: the sections Pagefind ranked, the hits of those already read. */
interface Found {
  query: string; // the reader's
  key: string; // what Pagefind was asked, and the tags
  results: PagefindResult[];
  hits: SearchHit[]; // the first results, read (their fragment fetched)
  reading: Promise<void>; // until the results asked for are read
}

const READ_AT_ONCE = 20; // results read together, at most: one fragment each
export const MIN_PREFIX = 3; // the letters a word needs to be searched as a prefix

let api: Promise<PagefindApi | null> | null = null;
let last: Found | null = null;
let asked = 0; // searches asked for (the newest one runs; those it supersedes while waiting do not)
let idle: Promise<unknown> = Promise.resolve(); // when Pagefind has finished the search it runs
let newest: Promise<Found> | null = null;

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
  newest = null;
  idle = Promise.resolve();
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
  const found = await ranked(pagefind, query, tags);
  await read(found, Math.min(limit, offset + count, found.results.length));
  return {
    query: found.query,
    total: Math.min(limit, found.results.length),
    hits: found.hits.slice(offset, Math.min(offset + count, limit)),
  };
}

/** The sections Pagefind ranks for `query` among the pages of `tags`; those of a newer query when one
 * was asked for while this one waited for Pagefind (its caller shows the newest query's results). */
function ranked(pagefind: PagefindApi, query: string, tags: string[]): Promise<Found> {
  const searched = pagefindQuery(queryWords(query));
  const key = `${searched}\n${tags.join(' ')}`;
  if (last && last.key === key) return Promise.resolve(last); // also `webhook s`, searched as `webhook`
  const ticket = ++asked;
  const found: Promise<Found> = idle.then(() => {
    if (ticket !== asked && newest) return newest;
    const search = pagefind.search(searched, { filters: { index: { any: tags } } }).then(
      (results) => (last = { query, key, results: results?.results ?? [], hits: [], reading: Promise.resolve() }),
    );
    idle = search.catch(() => undefined);
    return search;
  });
  newest = found;
  return found;
}

/** Read the first `wanted` results of `found` (fetch their fragments), after what its other callers
 * asked to read: each result is read once, in order. */
function read(found: Found, wanted: number): Promise<void> {
  found.reading = found.reading.catch(() => undefined).then(async () => {
    while (found.hits.length < wanted) {
      const batch = found.results.slice(found.hits.length, Math.min(wanted, found.hits.length + READ_AT_ONCE));
      const data = await Promise.all(batch.map((result) => result.data()));
      found.hits.push(...data.map((section, i) => sectionHit(section, batch[i]?.score ?? 0, found.query)));
    }
  });
  return found.reading;
}

/** What Pagefind is asked for the reader's `words`: a last word of one or two letters is no prefix
 * yet (as a prefix it matches most of the site, and costs as much); alone, it is searched as a word
 * (Pagefind's exact search, `"id"`), after other words it is left out until its third letter. */
export function pagefindQuery(words: string[]): string {
  const last = words[words.length - 1] ?? '';
  if (last.length >= MIN_PREFIX) return words.join(' ');
  if (words.length === 1) return `"${last}"`;
  return words.slice(0, -1).join(' ');
}

/** A section (a record of the bundle: src/docsite/search/pagefind.py) as a hit. */
export function sectionHit(data: PagefindData, score: number, query: string): SearchHit {
  const fields = sectionFields(data);
  const snippet = excerptSnippet(data.excerpt, data.content, fields.sectionTitle);
  const document: Omit<SearchDocument, 'content'> = {
    id: 0, // lunr's position in its index file: none here
    title: fields.sectionTitle,
    tags: fields.tags,
    sidebarParentCategories: fields.sidebarParentCategories,
    sectionRoute: fields.sectionRoute ?? data.url,
    sectionTitle: fields.sectionTitle,
    pageTitle: fields.pageTitle,
    type: fields.type,
  };
  const marked = snippet.parts.filter((part) => part.marked).map((part) => part.text.toLowerCase());
  return { document, score, terms: [...new Set([...queryWords(query), ...marked])], snippet };
}

function sectionFields(data: PagefindData): SectionFields {
  try {
    return JSON.parse(data.meta.doc ?? '') as SectionFields;
  } catch {
    const title = data.meta.title ?? data.url;
    return { sectionTitle: title, pageTitle: title, type: 'other', tags: [], sidebarParentCategories: [] };
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

/** Pagefind's excerpt (escaped text, the matched words in `<mark>`) as a snippet of the section's
 * text, as lunr's: without the section's `title`, which starts the record's `content` (its heading,
 * src/docsite/search/pagefind.py), and with an ellipsis where text was left out before or after it. */
export function excerptSnippet(excerpt: string, content = '', title = ''): Snippet {
  let parts: SnippetPart[] = [];
  excerpt.split(/<mark>(.*?)<\/mark>/s).forEach((text, index) => {
    parts.push({ text: unescape(text).replace(/\s+/g, ' '), marked: index % 2 === 1 });
  });
  parts = trimmed(parts);
  const whole = words(content);
  const text = parts.map((part) => part.text).join('');
  const start = textStart(whole, words(title));
  let at = text ? whole.indexOf(text) : -1;
  if (at >= 0 && at < start) {
    parts = trimmed(withoutFirst(parts, start - at));
    at = start;
  }
  const shown = parts.reduce((length, part) => length + part.text.length, 0);
  return { parts, before: at > start, after: at >= 0 && at + shown < whole.length };
}

/** Where the text of a record starts: after its title, and the full stop Pagefind ends a heading with. */
function textStart(content: string, title: string): number {
  if (!title || !content.startsWith(title)) return 0;
  const end = title.length + (content[title.length] === '.' ? 1 : 0);
  return content[end] === ' ' ? end + 1 : end;
}

/** `parts` without their first `count` characters. */
function withoutFirst(parts: SnippetPart[], count: number): SnippetPart[] {
  const kept: SnippetPart[] = [];
  for (const part of parts) {
    if (count >= part.text.length) count -= part.text.length;
    else {
      kept.push({ ...part, text: part.text.slice(count) });
      count = 0;
    }
  }
  return kept;
}

/** `parts` without the spaces that start or end them, nor empty parts. */
function trimmed(parts: SnippetPart[]): SnippetPart[] {
  const kept = parts.filter((part) => part.text).map((part) => ({ ...part }));
  while (kept[0] && !kept[0].text.trim()) kept.shift();
  while (kept.length > 0 && !kept[kept.length - 1]?.text.trim()) kept.pop();
  const first = kept[0];
  const last = kept[kept.length - 1];
  if (first) first.text = first.text.trimStart();
  if (last) last.text = last.text.trimEnd();
  return kept;
}

function words(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
