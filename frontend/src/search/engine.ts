/**
 * Querying the site's lunr indexes: what the search worker runs. Pure functions over loaded
 * indexes, so the builder's parity test (tests/unit/test_search_parity.py) runs this very code in
 * Node against lunr.py.
 *
 * Each query term is searched exactly (stemmed, like the index) and as a prefix (a trailing
 * wildcard, not stemmed: what the reader is still typing). Characters that mean something to lunr's
 * query syntax never reach it. Hits of each index and the merged list are sorted by score and capped.
 *
 * A query typed as a constant of the specs (`SOLD_OUT`, `X-RateLimit-Remaining`, `order.purchased`)
 * lists first the sections that define it (the ones it matched in the index's `defines` field: an
 * error code's entry, the schema or operation declaring an enum value), then its uses; the scores
 * stay lunr's.
 */
import lunr from 'lunr';
import { ENGLISH, type Language } from './languages';
import type { SearchDocument, SearchHit, SearchIndexFile, Snippet, SnippetPart } from './types';

export interface LoadedIndex {
  documents: SearchDocument[];
  index: lunr.Index | null;
  scoring: Scoring | null;
  language: Language; // the pipeline it was indexed with: `languageOf(file.index.pipeline)`, loaded first
}

export const EMPTY_INDEX: LoadedIndex = { documents: [], index: null, scoring: null, language: ENGLISH };

/** A document with its score, before it becomes a hit. */
export interface Match {
  document: SearchDocument;
  score: number;
  definition: boolean; // the query is a constant this document defines (listed before the others)
  matched: () => string[]; // the index terms it matched (worked out for the hits shown only)
  language: Language;
}

export function loadIndex(file: SearchIndexFile, language: Language = ENGLISH): LoadedIndex {
  const { documents } = file;
  documents.forEach((document, position) => {
    if (document.id !== position) throw new Error(`Search document ${position} has the id ${document.id}: ids are positions.`);
  });
  const index = lunr.Index.load(file.index);
  return { documents, index, scoring: scoringOf(index as unknown as LunrInternals, documents.length), language };
}

const QUERY_SYNTAX = /[:^~+\-*]/g;

/** The reader's input as lunr terms: no query syntax, lower-cased, split, trimmed (by the
 * language's trimmer: lunr's own cuts `événement` to `vénement`), each once. */
export function queryTerms(input: string, maxLength = 512, language: Language = ENGLISH): string[] {
  const tokens = lunr.tokenizer(input.slice(0, maxLength).replace(QUERY_SYNTAX, ' '));
  return [...new Set(tokens.map((token) => language.trim(token.toString())).filter(Boolean))];
}

// UPPER_SNAKE (error codes, enum values), Header-Names, dotted.event.names; typed as they appear.
const CONSTANT = /^(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*|[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+|[a-z][a-z0-9]*(?:\.[a-z][a-z0-9_]*)+)$/;

/** Whether the reader typed a constant as the specs write it: then its definitions come first. */
export function isConstantQuery(input: string): boolean {
  const query = input.trim();
  return query.length >= 2 && CONSTANT.test(query);
}

/** The query's matches in every index, merged: best first (the definitions of `constant` first, when
 * the reader typed one: `isConstantQuery`), at most `limit` per index and in all. */
export function searchIndexes(indexes: LoadedIndex[], terms: string[], limit: number, constant: string | null = null): Match[] {
  return indexes
    .flatMap((loaded) => queryIndex(loaded, terms, limit, constant))
    .sort((a, b) => Number(b.definition) - Number(a.definition) || b.score - a.score)
    .slice(0, limit);
}

// -- scoring ------------------------------------------------------------------------------------
//
// What `lunr.Index.query` computes when every term is an optional clause over every field, as here:
// each term is searched exactly (through the index's pipeline: the stemmer) and as a prefix (a
// trailing wildcard, as typed). The query vector holds each expanded index term with the sum of the
// boosts of the clauses that reached it (1 each); a document's score is, summed over its fields,
// the dot product of that vector with the field's vector divided by the query vector's magnitude.
//
// lunr.js computes this with an object per matching document and field, string keys, and a walk of
// every matching field vector: 1.3 s per keystroke (p95) on the 10,000-page bench corpus. Here the field
// vectors are turned once, when the index loads, into postings (per field and term: the documents
// and their scores), and a query adds them up in term-index order, which is the order lunr's dot
// product adds them: the same floating-point sums. The fields are added in a fixed order, where lunr
// adds them as they were first matched: scores can differ in the last bit. The parity test
// (tests/unit/test_search_parity.py) checks this code against lunr.js's Index.query and lunr.py.

interface LunrInternals {
  fields: string[];
  invertedIndex: Record<string, Record<string, Record<string, object>> & { _index: number }>;
  fieldVectors: Record<string, lunr.Vector & { elements: number[] }>;
  tokenSet: lunr.TokenSet;
  pipeline: lunr.Pipeline;
}

interface Posting {
  documents: Int32Array;
  scores: Float64Array;
}

interface Scoring {
  postings: (Posting | undefined)[][]; // [field][term index]
  sums: Float64Array[]; // [field][document]: the query's dot product so far
  seen: Int32Array; // [document]: the last query that matched it
  touched: Int32Array; // the documents the current query matched, in the order it did
  query: number;
}

// lunr.TokenSet.fromString is public in lunr.js but missing from its type declarations.
const tokenSetOf = (pattern: string): lunr.TokenSet =>
  (lunr.TokenSet as unknown as { fromString(text: string): lunr.TokenSet }).fromString(pattern);

/** Postings from the field vectors: two passes, counting then filling. */
function scoringOf(index: LunrInternals, documentCount: number): Scoring {
  const fieldNumber = new Map(index.fields.map((field, f) => [field, f]));
  const terms = Object.keys(index.invertedIndex).length;
  const counts = index.fields.map(() => new Int32Array(terms));
  const vectors = Object.entries(index.fieldVectors).map(([fieldRef, vector]) => {
    const slash = fieldRef.indexOf('/');
    const f = fieldNumber.get(fieldRef.slice(0, slash))!;
    const elements = vector.elements;
    for (let i = 0; i < elements.length; i += 2) counts[f]![elements[i]!]!++;
    return { f, document: Number(fieldRef.slice(slash + 1)), elements };
  });
  const postings = counts.map((perTerm) =>
    Array.from(perTerm, (n) => (n ? { documents: new Int32Array(n), scores: new Float64Array(n) } : undefined)),
  );
  const filled = index.fields.map(() => new Int32Array(terms));
  for (const { f, document, elements } of vectors) {
    for (let i = 0; i < elements.length; i += 2) {
      const term = elements[i]!;
      const posting = postings[f]![term]!;
      const k = filled[f]![term]!++;
      posting.documents[k] = document;
      posting.scores[k] = elements[i + 1]!;
    }
  }
  return {
    postings,
    sums: index.fields.map(() => new Float64Array(documentCount)),
    seen: new Int32Array(documentCount),
    touched: new Int32Array(documentCount),
    query: 0,
  };
}

/** The index terms `terms` reach, with their weights in the query vector, in term-index order. */
function expand(index: LunrInternals, terms: string[], language: Language): { term: string; termIndex: number; weight: number }[] {
  const weights = new Map<string, number>();
  const add = (pattern: string) => {
    for (const term of index.tokenSet.intersect(tokenSetOf(pattern)).toArray()) {
      weights.set(term, (weights.get(term) ?? 0) + 1);
    }
  };
  for (const term of terms) {
    for (const stemmed of index.pipeline.runString(term)) add(stemmed); // exact
    add(`${language.prefix(term)}*`); // prefix, as typed (accents folded where the index folds them)
  }
  return [...weights]
    .map(([term, weight]) => ({ term, termIndex: index.invertedIndex[term]!._index, weight }))
    .sort((a, b) => a.termIndex - b.termIndex);
}

/** The query's matches in one index, best first, at most `limit`; the documents defining `constant`
 * (a query typed as a constant) before the others. */
export function queryIndex(loaded: LoadedIndex, terms: string[], limit: number, constant: string | null = null): Match[] {
  const { scoring } = loaded;
  if (!loaded.index || !scoring || terms.length === 0) return [];
  const index = loaded.index as unknown as LunrInternals;
  const expanded = expand(index, terms, loaded.language);
  if (expanded.length === 0) return [];
  const queryVector = new lunr.Vector([]);
  for (const { termIndex, weight } of expanded) queryVector.insert(termIndex, weight);
  const magnitude = queryVector.magnitude();

  const { sums, seen, touched } = scoring;
  const stamp = ++scoring.query;
  let matched = 0;
  for (let f = 0; f < sums.length; f++) {
    const fieldSums = sums[f]!;
    for (const { termIndex, weight } of expanded) {
      const posting = scoring.postings[f]![termIndex];
      if (!posting) continue;
      const { documents, scores } = posting;
      for (let k = 0; k < documents.length; k++) {
        const doc = documents[k]!;
        if (seen[doc] !== stamp) {
          seen[doc] = stamp;
          touched[matched++] = doc;
          for (const other of sums) other[doc] = 0;
        }
        fieldSums[doc]! += weight * scores[k]!;
      }
    }
  }

  const defines = constant !== null && index.fields.includes('defines') ? definingDocuments(index, constant) : null;
  const best = topScores(sums, touched.subarray(0, matched), magnitude, limit, defines);
  return best.map(({ doc, score, definition }) => ({
    document: loaded.documents[doc]!,
    score,
    definition,
    matched: () => matchedTerms(index, expanded, String(doc)),
    language: loaded.language,
  }));
}

interface Ranked {
  doc: number;
  score: number;
  definition: boolean;
}

/** A constant as the index's `defines` field holds it (`defined_term` in the builder's
 * docsite/search/__init__.py): one token that lunr's stemmer leaves alone, so `EXIT` is not `EXITED`. */
export function definedTerm(input: string): string {
  return `${input.trim().toLowerCase().replace(/[\s-]+/g, '_')}_`;
}

/** The documents defining the constant `input` is, exactly. */
function definingDocuments(index: LunrInternals, input: string): Set<number> {
  return new Set(Object.keys(index.invertedIndex[definedTerm(input)]?.defines ?? {}).map(Number));
}

/** The `limit` best documents, best first (equal scores: the first document first); those in
 * `definitions` (when asked) before all others. */
function topScores(sums: Float64Array[], documents: Int32Array, magnitude: number, limit: number,
  definitions: Set<number> | null): Ranked[] {
  const best: Ranked[] = [];
  for (const doc of documents) {
    let score = 0;
    for (const fieldSums of sums) score += fieldSums[doc]! / magnitude || 0;
    const ranked = { doc, score, definition: definitions !== null && definitions.has(doc) };
    if (best.length >= limit && !isBetter(ranked, best[best.length - 1]!)) continue;
    if (limit === Infinity) {
      best.push(ranked);
      continue;
    }
    let at = best.length;
    while (at > 0 && isBetter(ranked, best[at - 1]!)) at--;
    best.splice(at, 0, ranked);
    if (best.length > limit) best.pop();
  }
  return limit === Infinity ? best.sort((a, b) => (isBetter(a, b) ? -1 : isBetter(b, a) ? 1 : 0)) : best;
}

function isBetter(ranked: Ranked, than: Ranked): boolean {
  if (ranked.definition !== than.definition) return ranked.definition;
  return ranked.score > than.score || (ranked.score === than.score && ranked.doc < than.doc);
}

function matchedTerms(index: LunrInternals, expanded: { term: string }[], ref: string): string[] {
  return expanded
    .filter(({ term }) => index.fields.some((field) => index.invertedIndex[term]![field]![ref] !== undefined))
    .map(({ term }) => term);
}

export function toHit(match: Match, terms: string[]): SearchHit {
  const { content, ...document } = match.document;
  const matched = match.matched();
  return {
    document,
    score: match.score,
    terms: [...new Set([...terms, ...matched])],
    snippet: snippet(content, new Set(matched), match.language),
  };
}

// -- snippets -----------------------------------------------------------------------------------

const SNIPPET_LENGTH = 180;
const CONTEXT_BEFORE = 50;
const TOKEN = /[^\s-]+/g; // the complement of lunr.tokenizer.separator

/** About 180 characters of `content` around its first matched term, the matched words marked. */
export function snippet(content: string, matched: Set<string>, language: Language = ENGLISH): Snippet {
  const termOf = (token: string) => language.indexTerm(token);
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
    const word = language.trim(token); // the mark leaves out the punctuation around the word
    const from = found.index + token.indexOf(word);
    const to = from + word.length;
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
