/** The docs sidebar: links and collapsible categories; the active page is highlighted and its categories expanded. */
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { SidebarCategoryItem, SidebarItem } from '../types';
import { SiteLink } from '../content/SiteLink';
import { Collapsible } from '../lib/Collapsible';
import { routeOf } from '../lib/data';
import { isExternal } from '../lib/paths';
import { ExternalIcon } from '../chrome/navbarItems';

function normalize(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

function containsRoute(item: SidebarItem, route: string): boolean {
  if (item.href && normalize(item.href) === route) return true;
  return item.type === 'category' && item.items.some((child) => containsRoute(child, route));
}

export function DocSidebar({ items }: { items: SidebarItem[] }) {
  return (
    <aside className="doc-sidebar">
      <nav aria-label="Docs sidebar" className="doc-sidebar-nav">
        <SidebarMenu items={items} />
      </nav>
    </aside>
  );
}

export function SidebarMenu({ items }: { items: SidebarItem[] }) {
  const { pathname } = useLocation();
  const route = normalize(routeOf(pathname));
  return (
    <ul className="menu-list">
      {items.map((item, index) => (
        <SidebarEntry key={index} item={item} route={route} level={1} />
      ))}
    </ul>
  );
}

function SidebarEntry({ item, route, level }: { item: SidebarItem; route: string; level: number }) {
  if (item.type === 'category') return <SidebarCategory item={item} route={route} level={level} />;
  const active = normalize(item.href) === route;
  return (
    <li className={`menu-list-item menu-level-${level}`}>
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

function SidebarCategory({ item, route, level }: { item: SidebarCategoryItem; route: string; level: number }) {
  const containsActive = containsRoute(item, route);
  const [collapsed, setCollapsed] = useState(item.collapsible && item.collapsed && !containsActive);
  const active = item.href !== undefined && normalize(item.href) === route;
  const toggle = () => setCollapsed(!collapsed);
  const label = item.href ? (
    <SiteLink
      href={item.href}
      className={`menu-link menu-link-category${active ? ' menu-link-active' : ''}`}
      aria-current={active ? 'page' : undefined}
      onClick={() => collapsed && setCollapsed(false)}
    >
      {item.label}
    </SiteLink>
  ) : (
    <button type="button" className="menu-link menu-link-category" aria-expanded={!collapsed} onClick={toggle}>
      {item.label}
    </button>
  );
  return (
    <li className={`menu-list-item menu-category menu-level-${level}${collapsed ? ' collapsed' : ''}${containsActive ? ' contains-active' : ''}`}>
      <div className="menu-category-row">
        {label}
        {item.collapsible && item.href && (
          <button
            type="button"
            className="menu-caret"
            aria-label={`${collapsed ? 'Expand' : 'Collapse'} sidebar category '${item.label}'`}
            aria-expanded={!collapsed}
            onClick={toggle}
          />
        )}
      </div>
      <Collapsible as="ul" collapsed={collapsed} className="menu-list menu-sublist">
        {item.items.map((child, index) => (
          <SidebarEntry key={index} item={child} route={route} level={level + 1} />
        ))}
      </Collapsible>
    </li>
  );
}
