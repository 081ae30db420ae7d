import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from '../lib/navigation';
import type { DocPageData } from '../types';
import { DocPage, loadContent } from './DocPage';

function page(doc: Partial<DocPageData['doc']>): DocPageData {
  return {
    kind: 'doc',
    meta: { title: 'T', description: 'D', canonical: '', keywords: [], image: null, ogType: 'article', noindex: false },
    title: 'Work in progress',
    content: [['p', null, 'Body.']],
    toc: [{ id: 'a', level: 2, value: ['A'] }],
    doc: { id: 'wip', version: 'current', sidebar: null, breadcrumbs: [{ label: 'Home', href: '/' }], prev: null, next: null, ...doc },
  };
}

beforeAll(loadContent); // as the doc layout does (layouts/index.tsx)
afterEach(cleanup);

describe('DocPage', () => {
  it('marks a draft (built by docsite dev only)', () => {
    render(<MemoryRouter><DocPage page={page({ draft: true })} sidebar={null} /></MemoryRouter>);
    expect(screen.getByRole('note').textContent).toContain('Draft page');
  });

  it('shows no banner on a published page, and the title before "On this page"', () => {
    const { container } = render(<MemoryRouter><DocPage page={page({})} sidebar={null} /></MemoryRouter>);
    expect(screen.queryByRole('note')).toBeNull();
    const order = [...container.querySelectorAll('h1, .toc-mobile')].map((e) => e.tagName);
    expect(order).toEqual(['H1', 'DIV']);
  });

  it('lists its tags at the bottom, each linking to its tag page', () => {
    const tags = [{ label: 'Orders', href: '/docs/tags/orders' }, { label: 'Refunds', href: '/docs/tags/refunds' }];
    render(<MemoryRouter><DocPage page={page({ tags, editUrl: 'https://example.com/edit' })} sidebar={null} /></MemoryRouter>);
    const links = screen.getAllByRole('link', { name: /Orders|Refunds/ });
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Orders', '/docs/tags/orders'],
      ['Refunds', '/docs/tags/refunds'],
    ]);
    expect(links[0]!.closest('.doc-footer')?.textContent).toMatch(/^Tags: OrdersRefunds.*Edit this page/);
  });

  it('shows no tag list when the doc has no tags', () => {
    const { container } = render(<MemoryRouter><DocPage page={page({ tags: [] })} sidebar={null} /></MemoryRouter>);
    expect(container.querySelector('.doc-tags')).toBeNull();
  });
});
