/**
 * The page's <head> tags, from its metadata. One function for both sides: the prerender writes
 * them as HTML, and the browser updates them on client-side navigation.
 */
import type { PageMeta, SiteData } from '../types';
import { withBase } from '../lib/paths';

/** `data-head` of the page's structured data script (docs' breadcrumbs), replaced on navigation. */
export const JSON_LD_KEY = 'json-ld';

export interface HeadTag {
  tag: 'meta' | 'link';
  attrs: Record<string, string>;
  /** The attribute that identifies the tag ("name=description"), to update it in place. */
  key: string;
}

export function headTags(meta: PageMeta, site: SiteData): HeadTag[] {
  const tags: HeadTag[] = [];
  const named = (name: string, content: string) =>
    tags.push({ tag: 'meta', attrs: { name, content }, key: `name=${name}` });
  const property = (prop: string, content: string) =>
    tags.push({ tag: 'meta', attrs: { property: prop, content }, key: `property=${prop}` });

  named('description', meta.description);
  if (meta.keywords.length) named('keywords', meta.keywords.join(', '));
  if (meta.noindex) named('robots', 'noindex, nofollow');
  property('og:title', meta.title);
  property('og:description', meta.description);
  property('og:url', meta.canonical);
  property('og:type', meta.ogType);
  property('og:site_name', site.title);
  property('og:locale', site.i18n.htmlLang.replace('-', '_'));
  named('twitter:card', meta.image ? 'summary_large_image' : 'summary');
  named('twitter:title', meta.title);
  named('twitter:description', meta.description);
  if (meta.image) {
    property('og:image', meta.image);
    named('twitter:image', meta.image);
  }
  tags.push({ tag: 'link', attrs: { rel: 'canonical', href: meta.canonical }, key: 'rel=canonical' });
  for (const link of meta.hreflang ?? []) {
    tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: link.hreflang, href: link.href }, key: `rel=alternate:${link.hreflang}` });
  }
  for (const alternate of meta.alternates ?? []) {
    tags.push({
      tag: 'link',
      attrs: { rel: 'alternate', type: alternate.type, href: withBase(alternate.href), title: alternate.title },
      key: `rel=alternate:${alternate.type}`,
    });
  }
  return tags;
}

/** Static head tags that never change between pages. */
export function siteHeadTags(site: SiteData): HeadTag[] {
  const tags: HeadTag[] = [
    { tag: 'meta', attrs: { name: 'theme-color', content: site.themeColor }, key: 'name=theme-color' },
    ...site.metadata.map((attrs): HeadTag => ({ tag: 'meta', attrs, key: `site:${attrs.name ?? attrs.property}` })),
  ];
  if (site.favicon) {
    tags.push({ tag: 'link', attrs: { rel: 'icon', href: withBase(site.favicon) }, key: 'rel=icon' });
  }
  return tags;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function renderHeadTags(tags: HeadTag[]): string {
  return tags
    .map((t) => {
      const attrs = Object.entries(t.attrs)
        .map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`)
        .join('');
      return `<${t.tag} data-head="${t.key}"${attrs}>`;
    })
    .join('');
}

/** Make the document's head match `meta` after a client-side navigation. */
export function applyHead(meta: PageMeta, site: SiteData): void {
  document.title = meta.title;
  const wanted = headTags(meta, site);
  const keys = new Set(wanted.map((t) => t.key));
  document.head.querySelectorAll<HTMLElement>('[data-head]').forEach((element) => {
    const key = element.dataset.head ?? '';
    const perPage = key.startsWith('name=') || key.startsWith('property=') || key.startsWith('rel=canonical') || key.startsWith('rel=alternate');
    if (!keys.has(key) && perPage) {
      if (key !== 'name=theme-color') element.remove();
    }
  });
  for (const tag of wanted) {
    let element = document.head.querySelector<HTMLElement>(`[data-head="${tag.key}"]`);
    if (!element) {
      element = document.createElement(tag.tag);
      element.dataset.head = tag.key;
      document.head.appendChild(element);
    }
    for (const [name, value] of Object.entries(tag.attrs)) element.setAttribute(name, value);
  }
  let jsonLd = document.head.querySelector<HTMLScriptElement>(`script[data-head="${JSON_LD_KEY}"]`);
  if (meta.jsonLd === undefined || meta.jsonLd === null) {
    jsonLd?.remove();
    return;
  }
  if (!jsonLd) {
    jsonLd = document.createElement('script');
    jsonLd.type = 'application/ld+json';
    jsonLd.dataset.head = JSON_LD_KEY;
    document.head.appendChild(jsonLd);
  }
  jsonLd.textContent = JSON.stringify(meta.jsonLd);
}
