import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import registry from '../registry.json';
import { contentComponents } from './registry';
import { Content } from './Content';
import type { ContentNode } from '../types';

function html(nodes: ContentNode[]): string {
  const router = createMemoryRouter([{ path: '*', element: <Content nodes={nodes} /> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe('Content', () => {
  it('registers exactly the components the builder may name', () => {
    expect(Object.keys(contentComponents).sort()).toEqual([...registry.directives, ...registry.builtin].sort());
  });

  it('renders elements, text and props', () => {
    expect(html([['p', { className: 'lead' }, 'Hello ', ['code', null, 'x'], '.']])).toBe(
      '<p class="lead">Hello <code>x</code>.</p>',
    );
  });

  it('turns internal links into router links and keeps external ones safe', () => {
    const out = html([['a', { href: '/docs/x' }, 'in'], ['a', { href: 'https://example.com' }, 'out']]);
    expect(out).toContain('href="/docs/x"');
    expect(out).toContain('data-prefetch="/docs/x"');
    expect(out).toContain('href="https://example.com" target="_blank" rel="noopener noreferrer"');
  });

  it('renders an <a> without an href (a legacy anchor) as a plain anchor', () => {
    expect(html([['p', null, ['a', { id: 'old-anchor' }], 'Text']])).toBe('<p><a id="old-anchor"></a>Text</p>');
  });

  it('renders a code block with its title and a copy button', () => {
    const out = html([['CodeBlock', { language: 'bash', title: 'Run', html: '<span class="line">ls\n</span>' }]]);
    expect(out).toContain('<div class="code-block-title">Run</div>');
    expect(out).toContain('<span class="line">ls\n</span>');
    expect(out).toContain('aria-label="Copy code to clipboard"');
  });

  it('fails loudly on a component nobody registered', () => {
    expect(() => html([['Nope', null]])).toThrow('No content component named "Nope"');
  });
});
