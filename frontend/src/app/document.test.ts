import { describe, expect, it } from 'vitest';
import type { PageLoaderData, SiteData } from '../types';
import { DATA_ID, INLINE_DATA_LIMIT, renderDocument } from './document';

const site = {
  title: 'Site',
  baseUrl: '/',
  buildId: 'b1',
  favicon: null,
  themeColor: '#c8102e',
  metadata: [{ name: 'twitter:site', content: '@onebox' }, { property: 'fb:app_id', content: '123' }],
  i18n: { htmlLang: 'en', direction: 'ltr', defaultLocale: 'en', locales: [] },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
  announcementBar: null,
  storage: { type: 'localStorage', namespace: null },
} as unknown as SiteData;

function page(text: string): PageLoaderData {
  const meta = { title: 'T', description: 'D', canonical: 'https://x/', keywords: [], image: null, ogType: 'website', noindex: false };
  return { page: { kind: 'page', meta, title: 'T', content: [text], toc: [] }, sidebar: null } as PageLoaderData;
}

function inlined(html: string): { page: unknown } {
  const match = new RegExp(`<script id="${DATA_ID}" type="application/json">(.*?)</script>`).exec(html);
  return JSON.parse(match![1]!) as { page: unknown };
}

const assets = { css: ['.a{color:red}'], inlined: ['assets/entry.css'], stylesheets: ['assets/lazy.css'], entry: 'e.js', preload: [] };

describe('the document', () => {
  it("writes the site's metadata as meta tags in every page's head", () => {
    const html = renderDocument({ route: '/faq', appHtml: '<main></main>', site, data: page('hello'), assets });
    const head = html.split('</head>')[0];
    expect(head).toContain('<meta data-head="site:twitter:site" name="twitter:site" content="@onebox">');
    expect(head).toContain('<meta data-head="site:fb:app_id" property="fb:app_id" content="123">');
  });

  it('inlines the data of an ordinary page', () => {
    const html = renderDocument({ route: '/faq', appHtml: '<main></main>', site, data: page('hello'), assets });
    expect(inlined(html).page).not.toBeNull();
    expect(html).not.toContain('as="fetch"');
  });

  it("inlines a doc without its content, which its HTML holds, unless the content works only once hydrated", () => {
    const meta = { title: 'T', description: 'D', canonical: 'https://x/', keywords: [], image: null, ogType: 'article', noindex: false };
    const doc = (content: unknown[]) =>
      ({ page: { kind: 'doc', meta, title: 'T', content, toc: [], doc: { id: 'd' } }, sidebar: null }) as unknown as PageLoaderData;
    const render = (data: PageLoaderData) => renderDocument({ route: '/docs/d', appHtml: '<main></main>', site, data, assets });

    const plain = render(doc([['p', null, 'Tab-separated ', ['Tabs', { groupId: 'os' }, ['TabItem', { value: 'a' }, 'text']]]]));
    expect(inlined(plain).page).toEqual({ kind: 'doc', meta, title: 'T', content: [], prerendered: true, toc: [], doc: { id: 'd' } });
    expect(plain).not.toContain('Tab-separated');
    for (const live of ['WidgetSimulator', 'SignatureChecker', 'CodeSample']) {
      const content = [['div', null, ['Tabs', null, ['TabItem', { value: 'a' }, [live, {}]]]]];
      expect(inlined(render(doc(content))).page).toMatchObject({ content });
      expect(inlined(render(doc(content))).page).not.toHaveProperty('prerendered');
    }
  });

  it("inlines the entry's CSS, names its file by a link the browser does not fetch, and links the lazily loaded chunks' stylesheets", () => {
    const html = renderDocument({ route: '/faq', appHtml: '<main></main>', site, data: page('hello'), assets });
    expect(html).toContain(
      '<style>.a{color:red}</style><link rel="stylesheet" href="/assets/entry.css" disabled><link rel="stylesheet" href="/assets/lazy.css">',
    );
  });

  it('preloads the data file of a large page instead of inlining it', () => {
    const big = 'x'.repeat(INLINE_DATA_LIMIT);
    const html = renderDocument({ route: '/specification/big', appHtml: '<main></main>', site, data: page(big), assets });
    expect(inlined(html).page).toBeNull();
    expect(html).not.toContain(big);
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin fetchpriority="low" href="/_data/page/specification/big.json?v=b1">');
  });

  it('inlines the outline of a large API reference page, and neither its content nor a preload of its data', () => {
    const meta = { title: 'T', description: 'D', canonical: 'https://x/', keywords: [], image: null, ogType: 'website', noindex: false };
    const intro = 'x'.repeat(INLINE_DATA_LIMIT);
    const op = { id: 'operation-getCart', method: 'GET', path: '/carts/{cartId}', summary: 'Get a cart', description: intro };
    const data = {
      page: {
        kind: 'apiReference', meta, title: 'Distribution API', intro,
        api: { name: 'distribution', title: 'Distribution API', version: '1.0', openapi: '3.1.0', basePath: '/v1', downloads: { yaml: 'a.yaml', json: 'a.json' } },
        groups: [{ id: 'carts', name: 'Carts', description: intro, operations: [op] }],
        schemas: { Cart: { type: 'object', description: intro } },
      },
      sidebar: null,
    } as unknown as PageLoaderData;
    const html = renderDocument({ route: '/specification/distribution', appHtml: '<main></main>', site, data, assets });
    expect(html).not.toContain(intro);
    expect(html).not.toContain('as="fetch"');
    expect(inlined(html).page).toEqual({
      kind: 'apiReference', meta, title: 'Distribution API', outline: true, api: data.page.kind === 'apiReference' && data.page.api,
      groups: [{ id: 'carts', name: 'Carts', operations: [{ id: 'operation-getCart', method: 'GET', path: '/carts/{cartId}', summary: 'Get a cart' }] }],
      schemas: { Cart: {} },
    });
  });
});
