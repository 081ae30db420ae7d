/**
 * The search worker: fetches the index files once, keeps them, and answers queries, so that
 * parsing a large index and querying it never block the page.
 *
 * An index file that cannot be fetched (a network error, or an answer that is not ok) is an empty
 * index, silently: the spec's rule. One that is fetched but cannot be read is a build defect: it is
 * logged, and searched as empty.
 */
/// <reference lib="webworker" />
import { EMPTY_INDEX, isConstantQuery, loadIndex, queryTerms, searchIndexes, toHit, type LoadedIndex, type Match } from './engine';
import { ENGLISH, languageOf } from './languages';
import type { SearchIndexFile, SearchResults, WorkerRequest, WorkerResponse } from './types';

declare const self: DedicatedWorkerGlobalScope;

let indexes: Promise<LoadedIndex[]> = Promise.resolve([]);
let loadedUrls = '';
let last: { query: string; limit: number; terms: string[]; matches: Match[] } | null = null;

async function fetchIndex(url: string): Promise<LoadedIndex> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch {
    return EMPTY_INDEX;
  }
  if (!response.ok) return EMPTY_INDEX;
  try {
    const file = (await response.json()) as SearchIndexFile;
    return loadIndex(file, await languageOf(file.index.pipeline));
  } catch (error) {
    console.error(`The search index ${url} cannot be read; searching without it.`, error);
    return EMPTY_INDEX;
  }
}

function load(urls: string[]): void {
  const key = urls.join(' ');
  if (key === loadedUrls) return;
  loadedUrls = key;
  last = null;
  indexes = Promise.all(urls.map(fetchIndex));
}

async function search(query: string, limit: number, offset: number, count: number): Promise<SearchResults> {
  const loaded = await indexes;
  if (!last || last.query !== query || last.limit !== limit) {
    const terms = queryTerms(query, undefined, loaded.find((index) => index.index)?.language ?? ENGLISH); // one locale's: one language
    last = { query, limit, terms, matches: searchIndexes(loaded, terms, limit, isConstantQuery(query) ? query : null) };
  }
  const { terms, matches } = last;
  return { query, total: matches.length, hits: matches.slice(offset, offset + count).map((m) => toHit(m, terms)) };
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === 'load') {
    load(request.urls);
  } else {
    const results = await search(request.query, request.limit, request.offset, request.count);
    self.postMessage({ type: 'results', id: request.id, results } satisfies WorkerResponse);
  }
};
