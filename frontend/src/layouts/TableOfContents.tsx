/**
 * The page's table of contents (heading levels 2 to 3 unless the page says otherwise): beside the
 * content on wide screens, a collapsible "On this page" on narrow ones. The heading in view is
 * highlighted as the reader scrolls.
 */
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import type { TocItem } from '../types';
import { Math } from '../renderers/Math';
import { element, treeRenderer } from '../renderers/tree';
import { Collapsible } from '../lib/Collapsible';
import { useActiveHeading } from '../lib/useActiveHeading';

/**
 * A heading's text as the table of contents shows it: its inline elements and math. Not with the
 * whole content registry, which a doc's first load does without (layouts/ArticleContent.tsx): a
 * component of another kind in a heading shows its text.
 */
const renderHeading = treeRenderer({ Math }, (_tag, children): ReactNode => element(Fragment, null, children));

interface TreeItem {
  item: TocItem;
  children: TreeItem[];
}

function nest(items: TocItem[]): TreeItem[] {
  const root: TreeItem[] = [];
  const stack: TreeItem[] = [];
  for (const item of items) {
    const node = { item, children: [] };
    while (stack.length && stack[stack.length - 1]!.item.level >= item.level) stack.pop();
    (stack.length ? stack[stack.length - 1]!.children : root).push(node);
    stack.push(node);
  }
  return root;
}

function TocList({ items, active, className }: { items: TreeItem[]; active: string | null; className?: string }) {
  return (
    <ul className={className}>
      {items.map(({ item, children }) => (
        <li key={item.id}>
          <a
            href={`#${item.id}`}
            className={`toc-link${item.id === active ? ' toc-link-active' : ''}`}
            aria-current={item.id === active ? 'location' : undefined}
          >
            {element(Fragment, null, item.value.map(renderHeading))}
          </a>
          {children.length > 0 && <TocList items={children} active={active} />}
        </li>
      ))}
    </ul>
  );
}

export function TableOfContents({ toc }: { toc: TocItem[] }) {
  const active = useActiveHeading(toc);
  const nav = useRef<HTMLElement>(null);
  // A long table of contents scrolls by itself: keep the active entry in view.
  useEffect(() => {
    const container = nav.current;
    const link = active ? container?.querySelector<HTMLElement>('.toc-link-active') : null;
    if (!container || !link || container.scrollHeight <= container.clientHeight) return;
    const top = link.offsetTop - container.offsetTop;
    if (top < container.scrollTop || top + link.offsetHeight > container.scrollTop + container.clientHeight) {
      container.scrollTop = top - container.clientHeight / 2;
    }
  }, [active]);
  if (!toc.length) return null;
  return (
    <nav ref={nav} className="toc toc-desktop" aria-label="On this page">
      <p className="toc-title">On this page</p>
      <TocList items={nest(toc)} active={active} className="toc-list" />
    </nav>
  );
}

/** The table of contents in its column beside the content (nothing when the page has no headings). */
export function TocColumn({ toc }: { toc: TocItem[] }) {
  if (!toc.length) return null;
  return (
    <div className="toc-column">
      <TableOfContents toc={toc} />
    </div>
  );
}

/** Below 996 px: a collapsible "On this page" under the title; choosing an entry closes it. */
export function TableOfContentsMobile({ toc }: { toc: TocItem[] }) {
  const [collapsed, setCollapsed] = useState(true);
  if (!toc.length) return null;
  return (
    <div className={`toc-mobile${collapsed ? '' : ' expanded'}`}>
      <button
        type="button"
        className="toc-mobile-toggle"
        aria-expanded={!collapsed}
        aria-controls="toc-mobile-list"
        onClick={() => setCollapsed(!collapsed)}
      >
        On this page
      </button>
      <Collapsible collapsed={collapsed} id="toc-mobile-list">
        <nav aria-label="On this page" onClick={(e) => (e.target as HTMLElement).closest('a') && setCollapsed(true)}>
          <TocList items={nest(toc)} active={null} className="toc-list" />
        </nav>
      </Collapsible>
    </div>
  );
}
