/**
 * The page's side of the search worker: one worker per visit, shared by the navbar's search box
 * and the search page. The index files are fetched on first use and kept by the worker.
 *
 * A site built with `search.engine: pagefind` has no index files: the same calls search its Pagefind
 * bundle (./pagefind.ts), with the same results; the worker is then never started.
 */
import type { SiteData } from '../types';
import { baseUrl } from '../lib/paths';
import { routeOf } from '../lib/data';
import { searchedTags } from '../lib/docsVersions';
import { createStorageSlot, StorageKeys } from '../lib/storage';
import type { SearchResults, WorkerResponse } from './types';
import { loadPagefind, resetPagefind, searchPagefind } from './pagefind';
import SearchWorker from './worker?worker';

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, (results: SearchResults) => void>();

function searchWorker(): Worker {
  if (!worker) {
    worker = new SearchWorker();
    worker.onmessage = (event: MessageEvent<WorkerResponse>) => {
      const { id, results } = event.data;
      pending.get(id)?.(results);
      pending.delete(id);
    };
    worker.onerror = (event) => {
      console.error('The search worker failed:', event.message);
      for (const resolve of pending.values()) resolve({ query: '', hits: [], total: 0 });
      pending.clear();
    };
  }
  return worker;
}

// `docsite dev` rebuilt the indexes: the next search starts a worker that loads them again.
if (typeof window !== 'undefined') {
  window.addEventListener('docsite:search-update', () => {
    worker?.terminate();
    worker = null;
    resetPagefind();
    for (const resolve of pending.values()) resolve({ query: '', hits: [], total: 0 });
    pending.clear();
  });
}

/** The tags searched: the docs version being read (else the preferred one, else the latest), the blog, the other pages. */
function tagsSearched(site: SiteData): string[] {
  const preferred = createStorageSlot(StorageKeys.preferredVersion(site.docs.pluginId)).get();
  return searchedTags(site.search.tags, site.docs, routeOf(window.location.pathname), preferred);
}

/** Pagefind's bundle: `{baseUrl}pagefind/`. */
function pagefindBundle(): string {
  return new URL(`${baseUrl()}pagefind/`, window.location.href).href;
}

/** `{baseUrl}search-index-{tag}.json` for every tag searched, versioned by the build like the page data. */
export function indexUrls(site: SiteData): string[] {
  return tagsSearched(site).map((tag) => {
    const url = new URL(`${baseUrl()}search-index-${tag}.json`, window.location.href);
    url.searchParams.set('v', site.buildId);
    return url.href;
  });
}

/** Start fetching the indexes (the first focus of a search box, the search page): once per visit. */
export function loadSearchIndexes(site: SiteData): void {
  if (site.search.engine === 'pagefind') {
    void loadPagefind(pagefindBundle());
    return;
  }
  searchWorker().postMessage({ type: 'load', urls: indexUrls(site) });
}

export interface SearchOptions {
  limit: number; // the most results (Infinity: all of them)
  offset?: number; // the hits to send: from `offset`...
  count?: number; // ... `count` of them (default: up to `limit`)
}

export function searchSite(site: SiteData, query: string, { limit, offset = 0, count = limit }: SearchOptions): Promise<SearchResults> {
  if (site.search.engine === 'pagefind') return searchPagefind(pagefindBundle(), tagsSearched(site), query, { limit, offset, count });
  loadSearchIndexes(site);
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    searchWorker().postMessage({ type: 'search', id, query, limit, offset, count });
  });
}
