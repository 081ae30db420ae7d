/**
 * The docs sidebar: links and collapsible categories. The active page is highlighted and the
 * categories holding it are expanded on load and whenever the reader navigates into them.
 *
 * A doc page is a new React tree per route, so what the reader did to the sidebar is kept outside
 * it for the visit: categories they opened or closed stay so, and the sidebar keeps its scroll
 * position from one doc to the next.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from '../lib/navigation';
import type { SidebarCategoryItem, SidebarItem } from '../types';
import { SiteLink } from '../lib/SiteLink';
import { Collapsible } from '../lib/Collapsible';
import { routeOf } from '../lib/data';
import { isExternal } from '../lib/paths';
import { ExternalIcon } from '../lib/icons';

function normalize(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

function containsRoute(item: SidebarItem, route: string): boolean {
  if (item.href && normalize(item.href) === route) return true;
  return item.type === 'category' && item.items.some((child) => containsRoute(child, route));
}

/** Categories the reader opened (false) or closed (true) during this visit, by sidebar and position. */
const chosen = new Map<string, boolean>();
let savedScrollTop: number | null = null;

export function DocSidebar({ items, sidebarId }: { items: SidebarItem[]; sidebarId?: string }) {
  const nav = useRef<HTMLElement>(null);

  // Keep the sidebar's scroll position across doc pages; on the first one, show the active link.
  useLayoutEffect(() => {
    const element = nav.current;
    if (!element) return;
    if (savedScrollTop !== null) {
      element.scrollTop = savedScrollTop;
    } else {
      const active = element.querySelector<HTMLElement>('.menu-link-active');
      if (active && active.offsetTop + active.offsetHeight > element.clientHeight) {
        element.scrollTop = active.offsetTop - element.clientHeight / 3;
      }
    }
    return () => {
      savedScrollTop = element.scrollTop;
    };
  }, []);

  return (
    <aside className="doc-sidebar">
      <nav ref={nav} aria-label="Docs sidebar" className="doc-sidebar-nav">
        <SidebarMenu items={items} sidebarId={sidebarId} />
      </nav>
    </aside>
  );
}

export function SidebarMenu({ items, sidebarId = '' }: { items: SidebarItem[]; sidebarId?: string }) {
  const { pathname } = useLocation();
  const route = normalize(routeOf(pathname));
  return (
    <ul className="menu-list">
      {items.map((item, index) => (
        <SidebarEntry key={index} item={item} route={route} level={1} path={`${sidebarId}/${index}`} />
      ))}
    </ul>
  );
}

interface EntryProps {
  route: string;
  level: number;
  path: string; // the item's position in its sidebar: remembers the reader's choice for a category
}

function SidebarEntry({ item, ...rest }: EntryProps & { item: SidebarItem }) {
  if (item.type === 'category') return <SidebarCategory item={item} {...rest} />;
  const active = normalize(item.href) === rest.route;
  return (
    <li className={`menu-list-item menu-level-${rest.level}${item.className ? ` ${item.className}` : ''}`}>
      <SiteLink
        href={item.href}
        className={`menu-link${active ? ' menu-link-active' : ''}`}
        aria-current={active ? 'page' : undefined}
      >
        {item.label}
        {isExternal(item.href) && <ExternalIcon />}
      </SiteLink>
    </li>
  );
}

function SidebarCategory({ item, route, level, path }: EntryProps & { item: SidebarCategoryItem }) {
  const containsActive = containsRoute(item, route);
  const [collapsed, setCollapsedState] = useState(
    () => item.collapsible && !containsActive && (chosen.get(path) ?? item.collapsed),
  );
  const setCollapsed = (value: boolean) => {
    chosen.set(path, value);
    setCollapsedState(value);
  };
  // Navigating into a closed category (from the mobile menu, which stays mounted) opens it.
  useEffect(() => {
    if (containsActive) setCollapsedState(false);
  }, [containsActive]);

  const active = item.href !== undefined && normalize(item.href) === route;
  const toggle = () => setCollapsed(!collapsed);
  const listId = `sidebar-category-${path.replace(/[^\w-]/g, '-')}`;
  const label = item.href ? (
    <SiteLink
      href={item.href}
      className={`menu-link menu-link-category${active ? ' menu-link-active' : ''}`}
      aria-current={active ? 'page' : undefined}
      onClick={() => collapsed && setCollapsed(false)}
    >
      {item.label}
    </SiteLink>
  ) : item.collapsible ? (
    <button
      type="button"
      className="menu-link menu-link-category"
      aria-expanded={!collapsed}
      aria-controls={listId}
      onClick={toggle}
    >
      {item.label}
    </button>
  ) : (
    <span className="menu-link menu-link-category">{item.label}</span>
  );
  const classes = [
    'menu-list-item',
    'menu-category',
    `menu-level-${level}`,
    collapsed ? 'collapsed' : '',
    item.collapsible ? '' : 'not-collapsible',
    containsActive ? 'contains-active' : '',
    item.className ?? '',
  ];
  return (
    <li className={classes.filter(Boolean).join(' ')}>
      <div className="menu-category-row">
        {label}
        {item.collapsible && item.href && (
          <button
            type="button"
            className="menu-caret"
            aria-label={`${collapsed ? 'Expand' : 'Collapse'} sidebar category '${item.label}'`}
            aria-expanded={!collapsed}
            aria-controls={listId}
            onClick={toggle}
          />
        )}
      </div>
      <Collapsible as="ul" id={listId} collapsed={collapsed} className="menu-list menu-sublist">
        {item.items.map((child, index) => (
          <SidebarEntry key={index} item={child} route={route} level={level + 1} path={`${path}/${index}`} />
        ))}
      </Collapsible>
    </li>
  );
}
