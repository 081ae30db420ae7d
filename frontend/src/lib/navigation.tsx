/**
 * The location the site shows, and the navigator that changes it, for every component: <Router>
 * provides them; useLocation, useNavigationType and useNavigate read them. Locations are seen
 * without the site's base path (`/docs/intro` on a site served under `/portal/`); hrefs and history
 * entries carry it (`withBasename`).
 *
 * Why not react-router: the site has one splat route, whose page lib/router.tsx loads; of
 * react-router it used the declarative <Router>, three hooks and the browser history, 12.6 KB gzip
 * of every page's first load (an eighth of a doc page's budget) for what these 150 lines do.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { createPath, newKey, parsePath, type Location, type NavigationType, type Navigator, type To } from './history';

interface NavigationContextValue {
  basename: string;
  navigator: Navigator;
}

interface LocationContextValue {
  location: Location;
  navigationType: NavigationType;
}

export const NavigationContext = createContext<NavigationContextValue | null>(null);
const LocationContext = createContext<LocationContextValue | null>(null);

function required<T>(value: T | null, hook: string): T {
  if (value === null) throw new Error(`${hook}() is used outside a <Router>.`);
  return value;
}

export function useNavigator(): NavigationContextValue {
  return required(useContext(NavigationContext), 'useNavigator');
}

export function useLocation(): Location {
  return required(useContext(LocationContext), 'useLocation').location;
}

/** How the location on screen was reached: a link (PUSH, REPLACE), or back and forward (POP). */
export function useNavigationType(): NavigationType {
  return required(useContext(LocationContext), 'useNavigationType').navigationType;
}

/** A path of the site (absolute, without the base path) as the history knows it: under the base. */
export function withBasename(basename: string, to: To): Partial<{ pathname: string; search: string; hash: string }> {
  const { pathname = '/', search, hash } = typeof to === 'string' ? parsePath(to) : to;
  return {
    pathname:
      basename === '/' ? pathname : pathname === '/' ? basename : `${basename}/${pathname}`.replace(/\/\/+/g, '/'),
    search: !search || search === '?' ? '' : search,
    hash: !hash || hash === '#' ? '' : hash,
  };
}

export type Navigate = (to: To, options?: { replace?: boolean; state?: unknown }) => void;

/** Go to a path of the site (absolute, without the base path). */
export function useNavigate(): Navigate {
  const { basename, navigator } = useNavigator();
  return useCallback(
    (to, { replace = false, state } = {}) => {
      const path = withBasename(basename, to);
      if (replace) navigator.replace(path, state);
      else navigator.push(path, state);
    },
    [basename, navigator],
  );
}

/** The location of a history entry as components see it: without the base path (null when the
 * entry is not under it). */
function stripBasename(location: Location, basename: string): Location | null {
  if (basename === '/') return location;
  const { pathname } = location;
  if (pathname !== basename && !pathname.startsWith(`${basename}/`)) return null;
  return { ...location, pathname: pathname.slice(basename.length) || '/' };
}

export function Router({
  basename,
  location,
  navigationType = 'POP',
  navigator,
  children,
}: {
  basename: string;
  location: Location | string; // a path: a location of its own (tests)
  navigationType?: NavigationType;
  navigator: Navigator;
  children: ReactNode;
}) {
  const base = basename === '/' ? '/' : basename.replace(/\/+$/, '');
  const navigation = useMemo(() => ({ basename: base, navigator }), [base, navigator]);
  const shown = useMemo(
    () => stripBasename(typeof location === 'string' ? memoryLocation(location) : location, base),
    [location, base],
  );
  const value = useMemo(() => (shown ? { location: shown, navigationType } : null), [shown, navigationType]);
  if (!value) return null; // a location outside the site: nothing of the site's is shown
  return (
    <NavigationContext.Provider value={navigation}>
      <LocationContext.Provider value={value}>{children}</LocationContext.Provider>
    </NavigationContext.Provider>
  );
}

function memoryLocation(to: To, state: unknown = null): Location {
  return { pathname: '/', search: '', hash: '', ...(typeof to === 'string' ? parsePath(to) : to), state, key: newKey() };
}

/** A router over entries kept in memory, for tests: links and `navigate` change them. */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  const [shown, setShown] = useState(() => ({
    location: memoryLocation(initialEntries[initialEntries.length - 1] ?? '/'),
    action: 'POP' as NavigationType,
  }));
  const navigator = useMemo<Navigator>(
    () => ({
      createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
      push: (to, state) => setShown({ location: memoryLocation(to, state), action: 'PUSH' }),
      replace: (to, state) => setShown({ location: memoryLocation(to, state), action: 'REPLACE' }),
      go: () => {},
    }),
    [],
  );
  return (
    <Router basename="/" location={shown.location} navigationType={shown.action} navigator={navigator}>
      {children}
    </Router>
  );
}
