/**
 * Querying the site's lunr indexes: what the search worker runs. Pure functions over loaded
 * indexes, so the builder's parity test (tests/unit/test_search_parity.py) runs this very code in
 * Node against lunr.py.
 *
 * Each query term is searched exactly (stemmed, like the index) and as a prefix (a trailing
 * wildcard, not stemmed: what the reader is still typing). Characters that mean something to lunr's
 * query syntax never reach it. Hits of each index and the merged list are sorted by score and capped.
 */
import lunr from 'lunr';
import type { SearchDocument, SearchHit, SearchIndexFile, Snippet, SnippetPart } from './types';

export interface LoadedIndex {
  documents: SearchDocument[];
  index: lunr.Index | null;
}

export const EMPTY_INDEX: LoadedIndex = { documents: [], index: null };

/** A document with the index terms it matched and its score, before it becomes a hit. */
export interface Match {
  document: SearchDocument;
  score: number;
  matched: string[];
}

export function loadIndex(file: SearchIndexFile): LoadedIndex {
  const documents = file.documents.map((entry, id): SearchDocument => {
    const page = file.pages[entry.page];
    if (!page) throw new Error(`Search document ${id} names page ${entry.page}, which the index file does not have.`);
    const title = entry.title ?? page.title;
    return {
      id,
      title,
      content: entry.content,
      tags: page.tags ?? [],
      sidebarParentCategories: page.sidebarParentCategories ?? [],
      sectionRoute: entry.anchor ? `${page.route}#${entry.anchor}` : page.route,
      sectionTitle: title,
      pageTitle: page.title,
      type: page.type,
    };
  });
  return { documents, index: lunr.Index.load(file.index) };
}

const QUERY_SYNTAX = /[:^~+\-*]/g;

/** The reader's input as lunr terms: no query syntax, lower-cased, split, trimmed, each once. */
export function queryTerms(input: string, maxLength = 512): string[] {
  const tokens = lunr.tokenizer(input.slice(0, maxLength).replace(QUERY_SYNTAX, ' '));
  return [...new Set(tokens.map((token) => lunr.trimmer(token).toString()).filter(Boolean))];
}

/** The query's matches in one index, best first, at most `limit`. */
export function queryIndex(loaded: LoadedIndex, terms: string[], limit: number): Match[] {
  if (!loaded.index || terms.length === 0) return [];
  const results = loaded.index.query((query) => {
    for (const term of terms) {
      query.term(term, {});
      query.term(term, { wildcard: lunr.Query.wildcard.TRAILING, usePipeline: false });
    }
  });
  return results.slice(0, limit).map((result) => ({
    document: loaded.documents[Number(result.ref)]!,
    score: result.score,
    matched: Object.keys(result.matchData.metadata),
  }));
}

/** Matches of every index, merged: best first, at most `limit` per index and in all. */
export function searchIndexes(indexes: LoadedIndex[], terms: string[], limit: number): Match[] {
  return indexes
    .flatMap((loaded) => queryIndex(loaded, terms, limit))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

export function toHit(match: Match, terms: string[]): SearchHit {
  const { content, ...document } = match.document;
  return {
    document,
    score: match.score,
    terms: [...new Set([...terms, ...match.matched])],
    snippet: snippet(content, new Set(match.matched)),
  };
}

// -- snippets -----------------------------------------------------------------------------------

const SNIPPET_LENGTH = 180;
const CONTEXT_BEFORE = 50;
const TOKEN = /[^\s-]+/g; // the complement of lunr.tokenizer.separator
const NON_WORD_START = /^\W+/;
const NON_WORD_END = /\W+$/;
const terms = new Map<string, string>();

/** The index term lunr makes of a token of the content (trimmed, stemmed). */
function termOf(token: string): string {
  let term = terms.get(token);
  if (term === undefined) {
    term = lunr.stemmer(lunr.trimmer(new lunr.Token(token.toLowerCase(), {}))).toString();
    if (terms.size > 50_000) terms.clear();
    terms.set(token, term);
  }
  return term;
}

/** About 180 characters of `content` around its first matched term, the matched words marked. */
export function snippet(content: string, matched: Set<string>): Snippet {
  let first = -1;
  for (const found of content.matchAll(TOKEN)) {
    if (matched.has(termOf(found[0]))) {
      first = found.index;
      break;
    }
  }
  let start = first > CONTEXT_BEFORE ? first - CONTEXT_BEFORE : 0;
  if (start > 0) start = nextWordStart(content, start);
  let end = Math.min(content.length, start + SNIPPET_LENGTH);
  if (end < content.length) end = Math.max(content.lastIndexOf(' ', end), first + 1, start + 1);

  const window = content.slice(start, end);
  const parts: SnippetPart[] = [];
  let plain = 0;
  for (const found of window.matchAll(TOKEN)) {
    const token = found[0];
    if (!matched.has(termOf(token))) continue;
    const from = found.index + (token.match(NON_WORD_START)?.[0].length ?? 0);
    const to = found.index + token.length - (token.match(NON_WORD_END)?.[0].length ?? 0);
    if (from > plain) parts.push({ text: window.slice(plain, from), marked: false });
    parts.push({ text: window.slice(from, to), marked: true });
    plain = to;
  }
  if (plain < window.length) parts.push({ text: window.slice(plain), marked: false });
  return { parts, before: start > 0, after: end < content.length };
}

function nextWordStart(text: string, from: number): number {
  const space = text.indexOf(' ', from);
  return space === -1 || space - from > 20 ? from : space + 1;
}
