/**
 * The fixed navbar: brand, left and right items (items without a position go right), colour-mode
 * toggle. It may hide while the reader scrolls down (hideOnScroll). Below 996 px a toggle opens the
 * mobile sidebar, loaded on first use.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from '../lib/navigation';
import { useSite } from '../lib/site';
import { NavbarBrand } from './NavbarBrand';
import { NavbarItem } from './navbarItems';
import { ColorModeToggle } from './ColorModeToggle';

const MobileSidebar = lazy(() => import('./MobileSidebar'));

/**
 * hideOnScroll: hidden while scrolling down once past the navbar's height, shown again on scrolling
 * up; a jump to a hash target (on opening the page or following a link) leaves it shown.
 */
function useHideOnScroll(enabled: boolean) {
  const ref = useRef<HTMLElement>(null);
  const [visible, setVisible] = useState(true);
  const lastY = useRef(0);
  const jumpingToHash = useRef(false);
  const { hash, key } = useLocation();

  useEffect(() => {
    if (!enabled) return;
    lastY.current = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const height = ref.current?.offsetHeight ?? 0;
      if (jumpingToHash.current) {
        // ignored
      } else if (y < height) {
        setVisible(true);
      } else if (y > lastY.current) {
        setVisible(false);
      } else if (y < lastY.current) {
        setVisible(true);
      }
      lastY.current = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);

  // The jump to a hash target (smooth or not) is not the reader scrolling down.
  useEffect(() => {
    if (!enabled || !hash) return;
    jumpingToHash.current = true;
    setVisible(true);
    const done = () => {
      jumpingToHash.current = false;
      lastY.current = window.scrollY;
    };
    window.addEventListener('scrollend', done, { once: true });
    const timer = window.setTimeout(done, 1000);
    return () => {
      window.removeEventListener('scrollend', done);
      window.clearTimeout(timer);
    };
  }, [enabled, hash, key]);

  return { ref, visible: visible || !enabled, show: useCallback(() => setVisible(true), []) };
}

export function Navbar() {
  const site = useSite();
  const { navbar } = site;
  const [mobileOpen, setMobileOpen] = useState(false);
  const { ref, visible, show } = useHideOnScroll(navbar.hideOnScroll);
  const left = navbar.items.filter((i) => i.position === 'left');
  const right = navbar.items.filter((i) => i.position !== 'left');
  // With search enabled, a search item places the search box; without one, it goes at the end.
  const defaultSearch = site.search.enabled && !navbar.items.some((i) => i.type === 'search');
  const close = useCallback(() => setMobileOpen(false), []);

  return (
    <nav
      ref={ref}
      aria-label="Main"
      className={`navbar${navbar.style ? ` navbar-${navbar.style}` : ''}${visible || mobileOpen ? '' : ' navbar-hidden'}`}
      onFocus={show}
    >
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
        <NavbarBrand />
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
          {defaultSearch && <NavbarItem item={{ type: 'search', position: 'right' }} />}
        </div>
      </div>
      {mobileOpen && (
        <Suspense fallback={null}>
          <MobileSidebar onClose={close} />
        </Suspense>
      )}
    </nav>
  );
}
