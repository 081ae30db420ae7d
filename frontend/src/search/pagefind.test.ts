import { afterEach, describe, expect, it } from 'vitest';
import { excerptSnippet, loadPagefind, pageHits, resetPagefind, searchPagefind, type PagefindApi } from './pagefind';

const BUNDLE = 'http://site.test/pagefind/';

/** A page as Pagefind's `data()` gives it: meta `doc` as the builder writes it, sections with their scores. */
function page(url: string, title: string, sections: { title: string; anchor?: string; score: number }[]) {
  return {
    url,
    meta: { doc: JSON.stringify({ pageTitle: title, type: 'docs', tags: ['Orders'], sidebarParentCategories: ['Tutorials'] }) },
    excerpt: 'page',
    sub_results: sections.map((section) => ({
      title: section.title,
      url: section.anchor ? `${url}#${section.anchor}` : url,
      anchor: section.anchor ? { id: section.anchor } : undefined,
      excerpt: `about <mark>refunds</mark> &amp; ${section.title}`,
      weighted_locations: [{ weight: 1, balanced_score: section.score, location: 0 }],
    })),
  };
}

/** Pagefind's API over `pages`, recording the searches and how many pages' data were read. */
function fakePagefind(pages: ReturnType<typeof page>[]) {
  const calls = { searches: [] as { query: string; filters: unknown }[], read: 0, options: {} as Record<string, unknown> };
  const api: PagefindApi = {
    options: async (options) => void Object.assign(calls.options, options),
    init: async () => {},
    search: async (query, options) => {
      calls.searches.push({ query, filters: options?.filters });
      return { results: pages.map((data, i) => ({ score: pages.length - i, data: async () => (calls.read++, data) })) };
    },
  };
  return { api, calls };
}

afterEach(() => resetPagefind());

describe('Pagefind results', () => {
  it('are sections in the shape of lunr hits, the best section of a page first', () => {
    const hits = pageHits(page('/docs/refund', 'Refund order items', [{ title: 'Refund order items', score: 1 }, { title: 'Partial refund', anchor: 'partial', score: 5 }]), 2, 'Refund part');
    expect(hits.map((hit) => hit.document.sectionRoute)).toEqual(['/docs/refund#partial', '/docs/refund']);
    expect(hits[0]?.document).toMatchObject({ sectionTitle: 'Partial refund', pageTitle: 'Refund order items', type: 'docs', sidebarParentCategories: ['Tutorials'], tags: ['Orders'] });
    expect(hits[0]?.terms).toEqual(['refund', 'part', 'refunds']); // the query's words and the words marked
  });

  it("turn Pagefind's excerpt into a snippet, its marks kept and its entities read", () => {
    expect(excerptSnippet('a <mark>refund</mark> &lt;b&gt; &amp; <mark>items</mark>').parts).toEqual([
      { text: 'a ', marked: false },
      { text: 'refund', marked: true },
      { text: ' <b> & ', marked: false },
      { text: 'items', marked: true },
    ]);
  });

  it('search the tags given, read only the pages needed, and count the pages not read as one section each', async () => {
    const pages = Array.from({ length: 30 }, (_, n) => page(`/docs/p${n}`, `Page ${n}`, [{ title: `Page ${n}`, score: 1 }, { title: 'More', anchor: 'more', score: 1 }]));
    const { api, calls } = fakePagefind(pages);
    await loadPagefind(BUNDLE, async () => api);
    const results = await searchPagefind(BUNDLE, ['docs-default-current', 'blog'], 'title:refund^2', { limit: 8 });
    expect(calls.searches).toEqual([{ query: 'title refund 2', filters: { index: { any: ['docs-default-current', 'blog'] } } }]);
    expect(calls.options).toMatchObject({ baseUrl: '/' });
    expect(results.hits).toHaveLength(8);
    expect(calls.read).toBe(8);
    const all = await searchPagefind(BUNDLE, ['docs-default-current', 'blog'], 'title:refund^2', { limit: Infinity, count: 20 });
    expect(calls.searches).toHaveLength(1); // the same query: read on, not searched again
    expect(all.hits).toHaveLength(20);
    expect(all.total).toBe(16 * 2 + 14); // 16 pages read (2 sections each), 14 not read yet
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
