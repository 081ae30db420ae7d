import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from '../lib/navigation';
import registry from '../registry.json';
import { contentComponents } from './registry';
import { Content } from './Content';
import type { ContentNode } from '../types';

function html(nodes: ContentNode[]): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <Content nodes={nodes} />
    </MemoryRouter>,
  );
}

describe('Content', () => {
  it('registers exactly the components the builder may name', () => {
    expect(Object.keys(contentComponents).sort()).toEqual([...registry.directives, ...registry.builtin].sort());
  });

  it("renders Docusaurus's TOCInline as the list of links the builder gives, and an embed's sandboxed iframe", () => {
    const toc: ContentNode = ['TOCInline', { minHeadingLevel: 2, maxHeadingLevel: 3 },
      ['ul', null, ['li', null, ['a', { href: '#setup' }, 'Set ', ['code', null, 'up']],
        ['ul', null, ['li', null, ['a', { href: '#step' }, 'Step']]]]]];
    expect(html([toc])).toBe(
      '<div class="toc-inline"><ul><li><a href="#setup">Set <code>up</code></a>' +
        '<ul><li><a href="#step">Step</a></li></ul></li></ul></div>',
    );
    const frame = html([['div', { className: 'embed' }, ['iframe', {
      src: 'https://player.vimeo.com/video/1', title: 'Demo', allowFullScreen: true,
      sandbox: 'allow-scripts allow-same-origin allow-presentation', loading: 'lazy' }]]]);
    expect(frame).toBe('<div class="embed"><iframe src="https://player.vimeo.com/video/1" title="Demo" ' +
      'allowFullScreen="" sandbox="allow-scripts allow-same-origin allow-presentation" loading="lazy"></iframe></div>');
  });

  it('renders elements, text and props', () => {
    expect(html([['p', { className: 'lead' }, 'Hello ', ['code', null, 'x'], '.']])).toBe(
      '<p class="lead">Hello <code>x</code>.</p>',
    );
  });

  it('turns internal links into router links and keeps external ones safe', () => {
    const out = html([['a', { href: '/docs/x' }, 'in'], ['a', { href: 'https://example.com' }, 'out']]);
    expect(out).toContain('href="/docs/x"');
    expect(out).toContain('<a href="/docs/x">in</a>'); // the route it prefetches is not written: SiteLink.test
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

  it('renders lists nested 20 levels deep, and what follows them', () => {
    let list: ContentNode = ['ul', null, ['li', null, 'level 19']];
    for (let level = 18; level >= 0; level--) list = ['ul', null, ['li', null, `level ${level}`, list]];
    const out = html([list, ['h2', { id: 'after' }, 'After']]);
    expect(out.match(/<ul>/g)).toHaveLength(20);
    expect(out).toContain('<li>level 19</li></ul>');
    expect(out).toContain('<h2 id="after">After</h2>');
  });

  it('renders an element with 150,000 children (a long page) without overflowing the stack', () => {
    const items: ContentNode[] = Array.from({ length: 150_000 }, (_, i) => ['li', null, `item ${i}`]);
    const out = html([['ol', null, ...items], ['p', null, 'the end']]);
    expect(out.startsWith('<ol><li>item 0</li><li>item 1</li>')).toBe(true);
    expect(out.endsWith('<li>item 149999</li></ol><p>the end</p>')).toBe(true);
  }, 30_000);

  it('fails loudly on a component nobody registered', () => {
    expect(() => html([['Nope', null]])).toThrow('No content component named "Nope"');
  });
});
