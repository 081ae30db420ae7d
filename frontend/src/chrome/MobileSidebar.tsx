/**
 * The mobile sidebar (below 996 px), loaded when first opened: the primary menu (the navbar items)
 * and, when the page fills one (a doc page: its docs sidebar), a secondary menu, with '← Back to
 * main menu' between them.
 * Body scrolling is locked while it is open; it closes on navigation (back included), on Escape,
 * and when the window becomes desktop-sized.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from '../lib/navigation';
import { useSite } from '../lib/site';
import { useWindowSize } from '../lib/useWindowSize';
import { useSecondaryMenu } from '../lib/secondaryMenu';
import { NavbarBrand } from './NavbarBrand';
import { NavbarItem } from './navbarItems';
import { ColorModeToggle } from './ColorModeToggle';

export default function MobileSidebar({ onClose }: { onClose: () => void }) {
  const site = useSite();
  const location = useLocation();
  const secondary = useSecondaryMenu();
  const [showSecondary, setShowSecondary] = useState(secondary !== null);
  const openedAt = useRef(location.key);
  const size = useWindowSize();

  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  useEffect(() => {
    if (location.key !== openedAt.current) onClose();
  }, [location.key, onClose]);

  useEffect(() => {
    if (size === 'desktop') onClose();
  }, [size, onClose]);

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
          <NavbarBrand />
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
            {secondary}
          </div>
        </div>
      </div>
    </>
  );
}
