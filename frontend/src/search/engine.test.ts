import { describe, expect, it } from 'vitest';
import lunr from 'lunr';
import { EMPTY_INDEX, definedTerm, isConstantQuery, loadIndex, queryIndex, queryTerms, searchIndexes, snippet, toHit } from './engine';
import type { SearchIndexFile } from './types';

/** An index file as the builder writes it, built here with lunr.js. */
function indexFile(sections: { route: string; title: string; content: string; defines?: string }[]): SearchIndexFile {
  const index = lunr(function () {
    this.ref('ref');
    this.field('title', { boost: 5 });
    this.field('content');
    this.field('defines');
    sections.forEach((section, ref) => this.add({ ref: String(ref), ...section }));
  });
  return {
    documents: sections.map(({ route, title, content }, id) => ({
      id,
      title,
      content,
      tags: [],
      sidebarParentCategories: [],
      sectionRoute: route,
      sectionTitle: title,
      pageTitle: title,
      type: 'docs',
    })),
    index: JSON.parse(JSON.stringify(index)),
  };
}

const refunds = loadIndex(
  indexFile([
    { route: '/docs/refunds', title: 'Refund order items', content: 'Refunds give the money back. A refund is final.' },
    { route: '/docs/orders', title: 'Get an order', content: 'An order lists its items and refunds.' },
    { route: '/docs/tokens', title: 'Tokens', content: 'Request a token with your client credentials.' },
  ]),
);

describe('queryTerms', () => {
  it('lower-cases, splits on spaces and hyphens, trims punctuation, keeps each term once', () => {
    expect(queryTerms('Pre-production  config.yaml, (refund) refund')).toEqual(['pre', 'production', 'config.yaml', 'refund']);
  });

  it('drops what lunr would read as query syntax', () => {
    expect(queryTerms('title:refund^2 ~token +scope -x *')).toEqual(['title', 'refund', '2', 'token', 'scope', 'x']);
    expect(queryTerms(':^~+-*')).toEqual([]);
  });

  it('reads at most the maximum input length', () => {
    expect(queryTerms('refund token', 6)).toEqual(['refund']);
  });
});

describe('searching', () => {
  it('finds exact words through the stemmer and prefixes as typed', () => {
    const routes = (query: string) => queryIndex(refunds, queryTerms(query), 8).map((m) => m.document.sectionRoute);
    expect(routes('refunding')).toEqual(['/docs/refunds', '/docs/orders']);
    expect(routes('tok')).toEqual(['/docs/tokens']);
    expect(routes('zebra')).toEqual([]);
  });

  it('scores like lunr.Index.query', () => {
    const terms = queryTerms('refund ord');
    const lunrScores = refunds.index!.query((query) => {
      for (const term of terms) {
        query.term(term, {});
        query.term(term, { wildcard: lunr.Query.wildcard.TRAILING, usePipeline: false });
      }
    });
    const ours = queryIndex(refunds, terms, Infinity);
    expect(ours.map((m) => String(m.document.id))).toEqual(lunrScores.map((r) => r.ref));
    ours.forEach((match, i) => expect(match.score).toBeCloseTo(lunrScores[i]!.score, 12));
  });

  it('caps each index and the merged list, best first', () => {
    const more = loadIndex(
      indexFile(Array.from({ length: 12 }, (_, i) => ({ route: `/blog/${i}`, title: `Post ${i}`, content: 'refund '.repeat(i + 1) }))),
    );
    const hits = searchIndexes([refunds, more], ['refund'], 8);
    expect(hits).toHaveLength(8);
    const scores = hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(queryIndex(more, ['refund'], 8)).toHaveLength(8);
  });

  it('gives an empty index nothing to find', () => {
    expect(searchIndexes([EMPTY_INDEX], ['refund'], 8)).toEqual([]);
  });

  it('makes hits of the spec shape, with the terms to highlight and a snippet', () => {
    const terms = queryTerms('refund');
    const hit = toHit(queryIndex(refunds, terms, 8)[0]!, terms);
    expect(hit.document).toEqual({
      id: 0,
      title: 'Refund order items',
      tags: [],
      sidebarParentCategories: [],
      sectionRoute: '/docs/refunds',
      sectionTitle: 'Refund order items',
      pageTitle: 'Refund order items',
      type: 'docs',
    });
    expect(hit.terms).toEqual(['refund']);
    expect(hit.snippet.parts.filter((p) => p.marked).map((p) => p.text)).toEqual(['Refunds', 'refund']);
  });
});

describe('snippet', () => {
  it('shows the text around the first match, cut at words, with the matched words marked', () => {
    const content = `${'Lorem ipsum dolor sit amet. '.repeat(10)}The refund, once made, is final. ${'More text. '.repeat(30)}`;
    const { parts, before, after } = snippet(content, new Set(['refund']));
    expect(before && after).toBe(true);
    const text = parts.map((p) => p.text).join('');
    expect(text.length).toBeLessThanOrEqual(180);
    expect(text.startsWith(' ')).toBe(false);
    expect(parts.find((p) => p.marked)).toEqual({ text: 'refund', marked: true });
  });

  it('starts at the beginning when only the title matched', () => {
    const { parts, before } = snippet('Short text.', new Set(['zebra']));
    expect(before).toBe(false);
    expect(parts).toEqual([{ text: 'Short text.', marked: false }]);
  });
});

describe('a query typed as a constant', () => {
  const statuses = loadIndex(
    indexFile([
      { route: '/docs/sales', title: 'Pause sales', content: 'Set SOLD_OUT? No: SOLD_OUT and SOLD_OUT are set by Onebox when sales end.' },
      { route: '/specification/catalog#schema-SaleStatus', title: 'SaleStatus', content: 'ON_SALE PAUSED SOLD_OUT',
        defines: ['ON_SALE', 'PAUSED', 'SOLD_OUT'].map(definedTerm).join(' ') },
      { route: '/specification/access#schema-ExitResult', title: 'ExitResult', content: 'EXITED',
        defines: definedTerm('EXITED') },
    ]),
  );
  const routes = (query: string) =>
    searchIndexes([statuses], queryTerms(query), 8, isConstantQuery(query) ? query : null).map((m) => m.document.sectionRoute);

  it('is UPPER_SNAKE, a Header-Name or a dotted.event.name, typed as the specs write it', () => {
    for (const query of ['SOLD_OUT', 'PAUSED', ' BOOKING_ALREADY_PURCHASED ', 'X-RateLimit-Remaining', 'order.purchased']) {
      expect(isConstantQuery(query), query).toBe(true);
    }
    for (const query of ['sold out', 'paused', 'Paused', 'SOLD OUT', 'A', 'no-store', 'refund order']) {
      expect(isConstantQuery(query), query).toBe(false);
    }
  });

  it('lists the sections defining it first, then its uses by score', () => {
    expect(routes('SOLD_OUT')).toEqual(['/specification/catalog#schema-SaleStatus', '/docs/sales']);
    const lower = searchIndexes([statuses], queryTerms('sold_out'), 8, null);
    expect(lower.map((m) => m.definition)).toEqual([false, false]); // an ordinary query: by score only
    expect(lower.map((m) => m.score)).toEqual([...lower.map((m) => m.score)].sort((a, b) => b - a));
  });

  it('is defined by the exact constant, not another with its stem', () => {
    expect(definedTerm('X-RateLimit-Remaining')).toBe('x_ratelimit_remaining_');
    const exit = searchIndexes([statuses], queryTerms('EXIT'), 8, 'EXIT');
    expect(exit.map((m) => m.definition)).toEqual([false]);
  });
});
