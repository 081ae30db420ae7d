/**
 * Navbar items, one component per `type` of the site configuration. Items pointing at docs were
 * resolved to links by the builder. An unknown type throws; NavbarItem catches a failing item and
 * shows what to check in the site config, so the rest of the navbar keeps working.
 */
import { Component, useEffect, useId, useRef, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from '../lib/navigation';
import type { DocsPluginData, NavbarItemConfig } from '../types';
import { SiteLink } from '../lib/SiteLink';
import { usePageData } from '../lib/router';
import { useSite } from '../lib/site';
import { loadDocsData, routeOf } from '../lib/data';
import { candidateVersion, docInVersion, docsItemLink } from '../lib/docsVersions';
import { isExternal, withBase } from '../lib/paths';
import { createStorageSlot, StorageKeys } from '../lib/storage';
import { Collapsible } from '../lib/Collapsible';
import { useHydrated } from '../lib/useHydrated';
import { ExternalIcon } from '../lib/icons';
import { NavbarSearch } from '../search';

export interface ItemProps {
  item: NavbarItemConfig;
  mobile?: boolean;
}

function normalize(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

function isBelow(route: string, base: string): boolean {
  const prefix = normalize(base);
  return route === prefix || route.startsWith(prefix === '/' ? '/' : `${prefix}/`);
}

/**
 * Whether the reader is on the item's page: below its activeBasePath, or matching its
 * activeBaseRegex; docs items also on any doc of their sidebar, version items below the version.
 */
export function useIsActive(item: NavbarItemConfig): boolean {
  const { pathname } = useLocation();
  const page = usePageData()?.page;
  const route = normalize(routeOf(pathname));
  if (item.activeBaseRegex) return new RegExp(item.activeBaseRegex).test(route);
  if (item.activeBasePath) return isBelow(route, item.activeBasePath);
  if ((item.type === 'docSidebar' || item.type === 'doc') && item.sidebarId) {
    if (page && 'doc' in page && page.doc.sidebar === item.sidebarId) return true;
  }
  if (item.type === 'docsVersion' && item.to) return isBelow(route, item.to);
  if (item.items) return false;
  return item.to !== undefined && normalize(item.to) === route;
}

/**
 * The docs versions and the reader's preferred version, per docs plugin (spec 4: kept in storage,
 * forgotten when the version no longer exists). Read once hydrated; the versions' docs are loaded
 * when `load` says so (docs items: only on a site with more than one version, so until then, and
 * with one version, they keep the links the builder gave).
 */
function useDocsVersions(pluginId: string, load: boolean): {
  data: DocsPluginData | null;
  preferred: string | null;
  prefer: (name: string) => void;
} {
  const { versions } = useSite().docs;
  const [data, setData] = useState<DocsPluginData | null>(null);
  const [preferred, setPreferred] = useState<string | null>(null);
  useEffect(() => {
    const slot = createStorageSlot(StorageKeys.preferredVersion(pluginId));
    const stored = slot.get();
    if (stored !== null && !versions.some((v) => v.name === stored)) slot.del();
    else setPreferred(stored);
  }, [pluginId, versions]);
  useEffect(() => {
    if (!load) return;
    loadDocsData(pluginId).then(setData, (error: unknown) => {
      console.error('Docs links lead to the latest version (the versions could not be loaded):', error);
    });
  }, [pluginId, load]);
  const prefer = (name: string) => {
    createStorageSlot(StorageKeys.preferredVersion(pluginId)).set(name);
    setPreferred(name);
  };
  return { data, preferred, prefer };
}

/**
 * A docs item (`doc`, `docSidebar`, `docsVersion`) leads into the version being read or preferred;
 * a docs version link without a configured label shows that version's label.
 */
function useDocsItemLink(item: NavbarItemConfig): { href: string | undefined; label: string | undefined } {
  const { pathname } = useLocation();
  const isDocsItem = item.type === 'doc' || item.type === 'docSidebar' || item.type === 'docsVersion';
  const versioned = useSite().docs.versions.length > 1;
  const { data, preferred } = useDocsVersions(item.docsPluginId ?? 'default', isDocsItem && versioned);
  const version = isDocsItem && data ? candidateVersion(data, routeOf(pathname), preferred) : null;
  const label = item.versionLabel && version ? version.label : item.label;
  return { href: (version && docsItemLink(item, version)) ?? item.to, label };
}

function LinkItem({ item, mobile }: ItemProps) {
  const active = useIsActive(item);
  const docsLink = useDocsItemLink(item);
  const href = docsLink.href ?? item.href ?? '#';
  const className = mobile ? 'menu-link' : 'navbar-link';
  return (
    <SiteLink
      href={href}
      className={`${className}${active ? ` ${className}-active` : ''} ${item.className ?? ''}`}
      aria-current={active ? 'page' : undefined}
      aria-label={item['aria-label']}
    >
      {docsLink.label}
      {isExternal(href) && <ExternalIcon />}
    </SiteLink>
  );
}

function HtmlItem({ item, mobile }: ItemProps) {
  return <div className={mobile ? 'menu-html' : 'navbar-html'} dangerouslySetInnerHTML={{ __html: item.html ?? '' }} />;
}

/** Dropdown: opens on click or Enter; closes on a press, touch or focus outside, or Escape. */
export function DropdownItem({ item, mobile }: ItemProps) {
  const active = useIsActive(item);
  const { pathname } = useLocation();
  const route = normalize(routeOf(pathname));
  const childActive = (item.items ?? []).some((child) => child.to && normalize(child.to) === route);
  const [open, setOpen] = useState(mobile ? childActive : false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open || mobile) return;
    const outside = (event: Event) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('touchstart', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('touchstart', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open, mobile]);

  useEffect(() => {
    if (!mobile) setOpen(false); // close after navigating
  }, [pathname, mobile]);

  const children = (item.items ?? []).map((child, index) => (
    <li key={index}>
      {child.reloadDocument ? (
        <a href={child.href ?? withBase(child.to ?? '')} className={mobile ? 'menu-link' : 'navbar-link'} lang={child.lang}>
          {child.label}
        </a>
      ) : (
        <NavbarItem item={{ ...child, position: item.position }} mobile={mobile} />
      )}
    </li>
  ));
  return (
    <div
      ref={root}
      className={`${mobile ? 'menu-dropdown' : 'navbar-dropdown'}${open ? ' open' : ''}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          root.current?.querySelector('button')?.focus();
        }
      }}
    >
      <button
        type="button"
        className={`${mobile ? 'menu-link' : 'navbar-link'} dropdown-toggle${active || childActive ? ' navbar-link-active' : ''}`}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {item.label}
        <svg className="dropdown-caret" width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
          <path fill="currentColor" d="M1 3l4 4 4-4z" />
        </svg>
      </button>
      {mobile ? (
        <Collapsible as="ul" id={menuId} className="dropdown-menu" collapsed={!open}>
          {children}
        </Collapsible>
      ) : (
        <ul id={menuId} className="dropdown-menu" hidden={!open}>
          {children}
        </ul>
      )}
    </div>
  );
}

/**
 * Docs version dropdown: labelled with the version being read (else the preferred one, else the
 * latest); each version links to this page in that version (its main doc off the docs), and the
 * version chosen is remembered as preferred, per docs plugin.
 */
function DocsVersionDropdownItem({ item, mobile }: ItemProps) {
  const versions = item.versions ?? [];
  const { pathname } = useLocation();
  const route = routeOf(pathname);
  // Until the versions' docs have loaded (after hydration), each version links to its root.
  const { data, preferred, prefer } = useDocsVersions(item.docsPluginId ?? 'default', true);
  const linkTo = (name: string, root: string) => {
    const version = data?.versions.find((v) => v.name === name);
    return data && version ? docInVersion(data, route, version) : root;
  };
  const shown = data ? candidateVersion(data, route, preferred) : null;
  const links = versions.map((v) => ({ name: v.name, to: linkTo(v.name, v.to) }));
  const dropdown: NavbarItemConfig = {
    ...item,
    type: 'dropdown',
    label: item.label ?? shown?.label ?? versions[0]?.label ?? 'Version',
    items: versions.map((v, index) => ({ type: 'default', label: v.label, to: links[index]!.to, position: item.position })),
  };
  return (
    <div onClickCapture={(event) => {
      const href = (event.target as HTMLElement).closest('a')?.getAttribute('href');
      const chosen = links.find((link) => href === withBase(link.to));
      if (chosen) prefer(chosen.name);
    }}>
      <DropdownItem item={dropdown} mobile={mobile} />
    </div>
  );
}

/**
 * Locale dropdown: each locale's link keeps the current query string and hash. Each locale is a
 * site of its own: its links load a new document.
 */
function LocaleDropdownItem({ item, mobile }: ItemProps) {
  const location = useLocation();
  // The prerendered page knows no query string nor hash: hydrate without them, then add them.
  const hydrated = useHydrated();
  const { pathname } = location;
  const { search, hash } = hydrated ? location : { search: '', hash: '' };
  const route = routeOf(pathname);
  const dropdown: NavbarItemConfig = {
    ...item,
    type: 'dropdown',
    label: item.label ?? 'Languages',
    items: (item.locales ?? []).map((l) => ({
      type: 'default',
      label: l.label,
      href: `${l.base}${route.replace(/^\//, '')}${search}${hash}`,
      position: item.position,
      lang: l.locale,
      reloadDocument: true,
    })),
  };
  return <DropdownItem item={dropdown} mobile={mobile} />;
}

/** The search box (frontend/src/search/, loaded on first use) when search is enabled; hidden on mobile (the desktop item below 996 px too). */
function SearchItem({ mobile }: ItemProps) {
  const { search } = useSite();
  if (mobile || !search.enabled) return null;
  return <NavbarSearch />;
}

export const navbarItemComponents: Record<string, ComponentType<ItemProps>> = {
  default: LinkItem,
  doc: LinkItem,
  docSidebar: LinkItem,
  docsVersion: LinkItem,
  dropdown: DropdownItem,
  html: HtmlItem,
  localeDropdown: LocaleDropdownItem,
  docsVersionDropdown: DocsVersionDropdownItem,
  search: SearchItem,
};

function ItemByType({ item, mobile }: ItemProps) {
  const type = item.type ?? (item.items ? 'dropdown' : 'default');
  const ItemComponent = navbarItemComponents[type];
  if (!ItemComponent) throw new Error(`No NavbarItem component found for type "${type}".`);
  return <ItemComponent item={item} mobile={mobile} />;
}

class ItemBoundary extends Component<{ item: NavbarItemConfig; children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A navbar item failed to render.', error, info.componentStack);
  }

  render() {
    if (this.state.error === null) return this.props.children;
    return (
      <div className="navbar-item-error" role="alert">
        A navbar item failed to render. Please double-check the following navbar item (themeConfig.navbar.items)
        of your site config: <code>{JSON.stringify(this.props.item)}</code>{' '}
        <span className="visually-hidden">{String(this.state.error)}</span>
      </div>
    );
  }
}

export function NavbarItem({ item, mobile }: ItemProps) {
  return (
    <ItemBoundary item={item}>
      <ItemByType item={item} mobile={mobile} />
    </ItemBoundary>
  );
}
