/**
 * The page's side of the search worker: one worker per visit, shared by the navbar's search box
 * and the search page. The index files are fetched on first use and kept by the worker.
 */
import type { SiteData } from '../types';
import { baseUrl } from '../lib/paths';
import { routeOf } from '../lib/data';
import { searchedTags } from '../lib/docsVersions';
import { createStorageSlot, StorageKeys } from '../lib/storage';
import type { SearchResults, WorkerResponse } from './types';
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
    for (const resolve of pending.values()) resolve({ query: '', hits: [], total: 0 });
    pending.clear();
  });
}

/** `{baseUrl}search-index-{tag}.json` for every tag searched, versioned by the build like the page data. */
export function indexUrls(site: SiteData): string[] {
  const preferred = createStorageSlot(StorageKeys.preferredVersion(site.docs.pluginId)).get();
  return searchedTags(site.search.tags, site.docs, routeOf(window.location.pathname), preferred).map((tag) => {
    const url = new URL(`${baseUrl()}search-index-${tag}.json`, window.location.href);
    url.searchParams.set('v', site.buildId);
    return url.href;
  });
}

/** Start fetching the indexes (the first focus of a search box, the search page): once per visit. */
export function loadSearchIndexes(site: SiteData): void {
  searchWorker().postMessage({ type: 'load', urls: indexUrls(site) });
}

export interface SearchOptions {
  limit: number; // the most results (Infinity: all of them)
  offset?: number; // the hits to send: from `offset`...
  count?: number; // ... `count` of them (default: up to `limit`)
}

export function searchSite(site: SiteData, query: string, { limit, offset = 0, count = limit }: SearchOptions): Promise<SearchResults> {
  loadSearchIndexes(site);
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    searchWorker().postMessage({ type: 'search', id, query, limit, offset, count });
  });
}
