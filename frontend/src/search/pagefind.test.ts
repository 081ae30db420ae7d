import { afterEach, describe, expect, it } from 'vitest';
import { excerptSnippet, loadPagefind, pagefindQuery, resetPagefind, searchPagefind, sectionHit, type PagefindApi, type PagefindData } from './pagefind';

const BUNDLE = 'http://site.test/pagefind/';

/** A section as Pagefind's `data()` gives it: meta `doc` as the builder writes it. */
function section(route: string, title: string): PagefindData {
  const doc = { sectionTitle: title, pageTitle: 'Refund order items', type: 'docs', tags: ['Orders'], sidebarParentCategories: ['Tutorials'], sectionRoute: route };
  return {
    url: '/0/17.html', // the section's file in the build's folder of sections
    meta: { doc: JSON.stringify(doc) },
    excerpt: `about <mark>refunds</mark> &amp; ${title}`,
  };
}

/** Pagefind's API over `sections`, recording the searches and how many results' data were read. */
function fakePagefind(sections: PagefindData[]) {
  const calls = { searches: [] as { query: string; filters: unknown }[], read: 0, options: {} as Record<string, unknown> };
  const api: PagefindApi = {
    options: async (options) => void Object.assign(calls.options, options),
    init: async () => {},
    search: async (query, options) => {
      calls.searches.push({ query, filters: options?.filters });
      return { results: sections.map((data, i) => ({ score: sections.length - i, data: async () => (calls.read++, data) })) };
    },
  };
  return { api, calls };
}

afterEach(() => resetPagefind());

describe('Pagefind results', () => {
  it('are sections in the shape of lunr hits', () => {
    const hit = sectionHit(section('/docs/refund#partial', 'Partial refund'), 2, 'Refund part');
    expect(hit.document).toMatchObject({ sectionRoute: '/docs/refund#partial', sectionTitle: 'Partial refund', pageTitle: 'Refund order items', type: 'docs', sidebarParentCategories: ['Tutorials'], tags: ['Orders'] });
    expect(hit.terms).toEqual(['refund', 'part', 'refunds']); // the query's words and the words marked
    expect(hit.snippet.parts.map((part) => part.text).join('')).toBe('about refunds & Partial refund');
  });

  it("turn Pagefind's excerpt into a snippet, its marks kept and its entities read", () => {
    expect(excerptSnippet('a <mark>refund</mark> &lt;b&gt; &amp; <mark>items</mark>').parts).toEqual([
      { text: 'a ', marked: false },
      { text: 'refund', marked: true },
      { text: ' <b> & ', marked: false },
      { text: 'items', marked: true },
    ]);
  });

  it('show an ellipsis where the excerpt leaves text out of the section, as lunr snippets do', () => {
    const content = 'Refunds. A refund is paid back to the card the order was paid with, within five days.';
    const cut = (excerpt: string) => {
      const { before, after } = excerptSnippet(excerpt, content);
      return { before, after };
    };
    expect(cut('Refunds. A <mark>refund</mark> is paid back')).toEqual({ before: false, after: true });
    expect(cut('the order was paid with, within five days.')).toEqual({ before: true, after: false });
    expect(cut('A <mark>refund</mark> is paid')).toEqual({ before: true, after: true });
    expect(cut(content.replace('refund', '<mark>refund</mark>'))).toEqual({ before: false, after: false });
  });

  it("show the section's text, not its title, which starts the record's content", () => {
    const content = 'Verify the signature. The signature is the HMAC of the body, keyed with your secret, in hex.';
    const title = 'Verify the signature';
    const snippet = (excerpt: string) => {
      const { parts, before, after } = excerptSnippet(excerpt, content, title);
      return { text: parts.map((part) => (part.marked ? `[${part.text}]` : part.text)).join(''), before, after };
    };
    expect(snippet('Verify the <mark>signature.</mark> The <mark>signature</mark> is the')).toEqual({ text: 'The [signature] is the', before: false, after: true });
    expect(snippet('the <mark>signature.</mark> The <mark>signature</mark> is the HMAC')).toEqual({ text: 'The [signature] is the HMAC', before: false, after: true });
    expect(snippet('HMAC of the body, keyed with your secret, in hex.')).toEqual({ text: 'HMAC of the body, keyed with your secret, in hex.', before: true, after: false });
    expect(excerptSnippet('<mark>Orders</mark>, refunds.', 'Orders, refunds.', 'Orders, refunds').parts).toEqual([]); // a title alone: no snippet
  });

  it('search a last word of one or two letters as a word, not as a prefix, and wait for its third letter after other words', () => {
    expect(pagefindQuery(['r'])).toBe('"r"');
    expect(pagefindQuery(['id'])).toBe('"id"');
    expect(pagefindQuery(['ref'])).toBe('ref');
    expect(pagefindQuery(['webhook', 's'])).toBe('webhook');
    expect(pagefindQuery(['webhook', 'si'])).toBe('webhook');
    expect(pagefindQuery(['webhook', 'sig'])).toBe('webhook sig');
    expect(pagefindQuery(['to', 'refund'])).toBe('to refund');
  });

  it('answer a query that adds a word of one or two letters from the search without it', async () => {
    const { api, calls } = fakePagefind([section('/docs/webhooks#signature', 'Signature')]);
    await loadPagefind(BUNDLE, async () => api);
    for (const query of ['webhook', 'webhook ', 'webhook s', 'webhook si']) {
      expect((await searchPagefind(BUNDLE, ['default'], query, { limit: 8 })).hits).toHaveLength(1);
    }
    await searchPagefind(BUNDLE, ['default'], 'webhook sig', { limit: 8 });
    expect(calls.searches.map((call) => call.query)).toEqual(['webhook', 'webhook sig']);
  });

  it('run one search at a time and skip those superseded while they waited', async () => {
    const { api, calls } = fakePagefind(Array.from({ length: 3 }, (_, n) => section(`/docs/p${n}`, `Page ${n}`)));
    let release = () => {};
    const slow = api.search;
    api.search = async (query, options) => {
      await new Promise<void>((resolve) => (release = resolve));
      return slow(query, options);
    };
    await loadPagefind(BUNDLE, async () => api);
    const first = searchPagefind(BUNDLE, ['default'], 'ref', { limit: 8 });
    await new Promise((resolve) => setTimeout(resolve, 0)); // the first search is running
    const typed = ['refu', 'refun', 'refund'].map((query) => searchPagefind(BUNDLE, ['default'], query, { limit: 8 }));
    release();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    const answers = await Promise.all(typed);
    expect(calls.searches.map((call) => call.query)).toEqual(['ref', 'refund']);
    expect(answers.map((answer) => answer.query)).toEqual(['refund', 'refund', 'refund']); // the newest query's results
    expect(answers[2]?.hits).toHaveLength(3);
    expect(calls.read).toBe(6); // each search's results read once: 'ref' and 'refund', three each
  });

  it('search the tags given and read only the results shown', async () => {
    const { api, calls } = fakePagefind(Array.from({ length: 30 }, (_, n) => section(`/docs/p${n}`, `Page ${n}`)));
    await loadPagefind(BUNDLE, async () => api);
    const results = await searchPagefind(BUNDLE, ['docs-default-current', 'blog'], 'title:refund^2', { limit: 8 });
    // '2', a last word of one letter, is left out (pagefindQuery)
    expect(calls.searches).toEqual([{ query: 'title refund', filters: { index: { any: ['docs-default-current', 'blog'] } } }]);
    expect(calls.options).toMatchObject({ baseUrl: '/' });
    expect(results.hits.map((hit) => hit.document.sectionRoute)).toEqual(Array.from({ length: 8 }, (_, n) => `/docs/p${n}`));
    expect(results.total).toBe(8);
    expect(calls.read).toBe(8);
    const page = await searchPagefind(BUNDLE, ['docs-default-current', 'blog'], 'title:refund^2', { limit: Infinity, offset: 20, count: 20 });
    expect(calls.searches).toHaveLength(1); // the same query: read on, not searched again
    expect(page.hits).toHaveLength(10);
    expect(page.total).toBe(30);
    expect(calls.read).toBe(30);
  });

  it('are empty, silently, when the bundle cannot be loaded or the query has no words', async () => {
    await loadPagefind(BUNDLE, () => Promise.reject(new Error('404')));
    expect(await searchPagefind(BUNDLE, ['default'], 'refund', { limit: 8 })).toEqual({ query: 'refund', hits: [], total: 0 });
    resetPagefind();
    const { api, calls } = fakePagefind([]);
    await loadPagefind(BUNDLE, async () => api);
    expect((await searchPagefind(BUNDLE, ['default'], '^~+-*:', { limit: 8 })).hits).toEqual([]);
    expect(calls.searches).toEqual([]);
  });
});
