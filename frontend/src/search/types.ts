/**
 * The shapes of site search: the index files the builder writes (src/docsite/search/__init__.py),
 * the documents and hits of the spec, and the messages between the page and the search worker.
 */

export type SearchType = 'docs' | 'blog' | 'other';

/** `search-index-{tag}.json`: the spec's documents list and serialized full-text index. */
export interface SearchIndexFile {
  documents: SearchDocument[];
  index: { pipeline: string[] }; // lunr.js 2.3.9 serialized index; a document's ref is its id, its position in
  // `documents`; `pipeline`: what a query term goes through, naming the language (search/languages.ts)
}

/** One section of a page, as the spec names its fields. */
export interface SearchDocument {
  id: number;
  title: string;
  content: string;
  tags: string[];
  sidebarParentCategories: string[];
  sectionRoute: string; // path#anchor
  sectionTitle: string;
  pageTitle: string;
  type: SearchType;
}

/** A piece of a snippet: text, marked when it is a search term. */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

export interface Snippet {
  parts: SnippetPart[];
  before: boolean; // text was cut before the snippet
  after: boolean; // ... and after it
}

export interface SearchHit {
  document: Omit<SearchDocument, 'content'>; // the content travels as the snippet
  score: number;
  terms: string[]; // what to highlight on the destination page
  snippet: Snippet;
}

export interface SearchResults {
  query: string;
  hits: SearchHit[];
  total: number;
}

/** `limit`: the most results (the panel's 8, or Infinity); `offset` and `count`: the slice to send. */
export type WorkerRequest =
  | { type: 'load'; urls: string[] }
  | { type: 'search'; id: number; query: string; limit: number; offset: number; count: number };

export type WorkerResponse = { type: 'results'; id: number; results: SearchResults };

/** What a search result passes to the page it opens, in the router's location state. */
export interface SearchHighlightState {
  searchHighlight: { terms: string[]; type: SearchType };
}
