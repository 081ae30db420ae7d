/**
 * The API page's navigation: its sections and every operation by tag. On wide screens a sticky
 * column that highlights the section or operation in view and keeps it visible; on narrow ones a
 * collapsible menu at the top of the page.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApiReferencePageData } from '../types';
import { Collapsible } from '../lib/Collapsible';
import { useActiveHeading } from '../lib/useActiveHeading';
import { Method } from './Text';

interface Entry {
  id: string;
  label: string;
  method?: string;
  children?: Entry[];
}

export function navEntries(page: ApiReferencePageData): Entry[] {
  const operation = (op: { id: string; method: string; path: string; summary?: string }) => ({
    id: op.id,
    label: op.summary || op.path,
    method: op.method,
  });
  const entries: Entry[] = [{ id: 'introduction', label: 'Introduction' }];
  if (page.securitySchemes?.length) entries.push({ id: 'authentication', label: 'Authentication' });
  if (page.servers?.length) entries.push({ id: 'servers', label: 'Servers' });
  for (const group of page.groups ?? []) entries.push({ id: group.id, label: group.name, children: group.operations.map(operation) });
  if (page.webhooks?.length) entries.push({ id: 'webhooks', label: 'Webhooks', children: page.webhooks.map(operation) });
  if (page.schemas && Object.keys(page.schemas).length) entries.push({ id: 'schemas', label: 'Schemas' });
  if (page.errors?.length) entries.push({ id: 'errors', label: 'Error codes' });
  return entries;
}

function NavList({ entries, active }: { entries: Entry[]; active: string | null }) {
  return (
    <ul className="api-nav-list">
      {entries.map((entry) => (
        <li key={entry.id}>
          <a
            href={`#${entry.id}`}
            className={`api-nav-link${entry.children ? ' api-nav-group' : ''}${entry.id === active ? ' api-nav-active' : ''}`}
            aria-current={entry.id === active ? 'location' : undefined}
          >
            {entry.method && <Method method={entry.method} />}
            <span>{entry.label}</span>
          </a>
          {entry.children && <NavList entries={entry.children} active={active} />}
        </li>
      ))}
    </ul>
  );
}

export function ApiNav({ page }: { page: ApiReferencePageData }) {
  const entries = useMemo(() => navEntries(page), [page]);
  // The sections and operations in page order, as the table of contents' hook takes them.
  const headings = useMemo(
    () => entries.flatMap((e) => [e, ...(e.children ?? [])]).map(({ id }) => ({ id, level: 2, value: [] })),
    [entries],
  );
  const active = useActiveHeading(headings);
  const nav = useRef<HTMLElement>(null);

  // Keep the highlighted entry inside the column's own scroll box (never scroll the page).
  useEffect(() => {
    const box = nav.current;
    const link = box?.querySelector<HTMLElement>('[aria-current]');
    if (!box || !link) return;
    const outer = box.getBoundingClientRect();
    const inner = link.getBoundingClientRect();
    if (inner.top < outer.top) box.scrollTop -= outer.top - inner.top + 48;
    else if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom + 48;
  }, [active]);

  return (
    <nav ref={nav} className="api-nav" aria-label={`${page.title} contents`}>
      <p className="api-nav-title">{page.title}</p>
      <NavList entries={entries} active={active} />
    </nav>
  );
}

export function ApiNavMobile({ page }: { page: ApiReferencePageData }) {
  const [collapsed, setCollapsed] = useState(true);
  const entries = useMemo(() => navEntries(page), [page]);
  return (
    <div className="api-nav-mobile">
      <button type="button" className="toc-mobile-toggle" aria-expanded={!collapsed} onClick={() => setCollapsed(!collapsed)}>
        Operations and sections
      </button>
      <Collapsible collapsed={collapsed}>
        <nav aria-label={`${page.title} contents`} onClick={(e) => (e.target as HTMLElement).closest('a') && setCollapsed(true)}>
          <NavList entries={entries} active={null} />
        </nav>
      </Collapsible>
    </div>
  );
}
