/**
 * The fixed navbar: brand, left and right items, colour-mode toggle; below 996 px a toggle opens
 * the mobile sidebar (primary menu: the navbar items; secondary menu: the docs sidebar).
 */
import { useEffect, useState } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import type { PageLoaderData } from '../types';
import { useSite } from '../app/site';
import { SiteLink } from '../content/SiteLink';
import { LogoImage } from './Logo';
import { NavbarItem } from './navbarItems';
import { ColorModeToggle } from './ColorModeToggle';
import { SidebarMenu } from '../layouts/DocSidebar';

export const MOBILE_BREAKPOINT = 996;

export function Navbar() {
  const site = useSite();
  const { navbar } = site;
  const [mobileOpen, setMobileOpen] = useState(false);
  const left = navbar.items.filter((i) => i.position === 'left');
  const right = navbar.items.filter((i) => i.position !== 'left');
  const brandHref = navbar.logo?.href ?? '/';

  return (
    <nav aria-label="Main" className={`navbar${navbar.style === 'dark' ? ' navbar-dark' : ''}`}>
      <div className="navbar-inner">
        <button
          type="button"
          className="navbar-toggle"
          aria-label="Toggle navigation bar"
          aria-expanded={mobileOpen}
          onClick={() => setMobileOpen(true)}
        >
          <svg width="30" height="30" viewBox="0 0 30 30" aria-hidden="true">
            <path stroke="currentColor" strokeLinecap="round" strokeMiterlimit="10" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
          </svg>
        </button>
        <SiteLink href={brandHref} className="navbar-brand">
          {navbar.logo && <LogoImage logo={navbar.logo} className="navbar-logo" />}
          {navbar.title && <b className="navbar-title">{navbar.title}</b>}
        </SiteLink>
        <div className="navbar-items navbar-items-left">
          {left.map((item, index) => (
            <NavbarItem key={index} item={item} />
          ))}
        </div>
        <div className="navbar-items navbar-items-right">
          {right.map((item, index) => (
            <NavbarItem key={index} item={item} />
          ))}
          {!site.colorMode.disableSwitch && <ColorModeToggle />}
        </div>
      </div>
      {mobileOpen && <MobileSidebar onClose={() => setMobileOpen(false)} />}
    </nav>
  );
}

function MobileSidebar({ onClose }: { onClose: () => void }) {
  const site = useSite();
  const { pathname } = useLocation();
  const pageData = useRouteLoaderData('page') as PageLoaderData | undefined;
  const sidebar = pageData?.sidebar ?? null;
  const [showSecondary, setShowSecondary] = useState(sidebar !== null);
  const [openedAt] = useState(pathname);

  // Lock body scrolling while open.
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  // Close on navigation (including back) and when the viewport becomes desktop.
  useEffect(() => {
    if (pathname !== openedAt) onClose();
  }, [pathname, openedAt, onClose]);
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT}px)`);
    const onChange = () => query.matches && onClose();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [onClose]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <>
      <div className="navbar-sidebar-backdrop" onClick={onClose} aria-hidden="true" />
      <div className="navbar-sidebar" role="dialog" aria-modal="true" aria-label="Navigation">
        <div className="navbar-sidebar-brand">
          <SiteLink href={site.navbar.logo?.href ?? '/'} className="navbar-brand">
            {site.navbar.logo && <LogoImage logo={site.navbar.logo} className="navbar-logo" />}
            {site.navbar.title && <b className="navbar-title">{site.navbar.title}</b>}
          </SiteLink>
          {!site.colorMode.disableSwitch && <ColorModeToggle />}
          <button type="button" className="navbar-sidebar-close" aria-label="Close navigation bar" onClick={onClose}>
            <svg viewBox="0 0 15 15" width="18" height="18" aria-hidden="true">
              <path fill="currentColor" d="M8.2 7.5l4.6-4.6-.7-.7-4.6 4.6-4.6-4.6-.7.7 4.6 4.6-4.6 4.6.7.7 4.6-4.6 4.6 4.6.7-.7z" />
            </svg>
          </button>
        </div>
        <div className={`navbar-sidebar-items${showSecondary ? ' show-secondary' : ''}`}>
          <div className="navbar-sidebar-panel" aria-hidden={showSecondary} inert={showSecondary || undefined}>
            <ul className="menu-list">
              {site.navbar.items.map((item, index) => (
                <li key={index} className="menu-list-item">
                  <NavbarItem item={item} mobile />
                </li>
              ))}
            </ul>
          </div>
          <div className="navbar-sidebar-panel" aria-hidden={!showSecondary} inert={!showSecondary || undefined}>
            <button type="button" className="navbar-sidebar-back" onClick={() => setShowSecondary(false)}>
              ← Back to main menu
            </button>
            {sidebar && <SidebarMenu items={sidebar.items} />}
          </div>
        </div>
      </div>
    </>
  );
}
