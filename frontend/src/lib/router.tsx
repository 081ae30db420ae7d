/**
 * Navigation between pages. <Router> (lib/navigation.tsx) gives the site its location and
 * navigator; this module decides which location it shows. Following a link
 * to another page keeps the current page on screen while the next one's data and code load (the
 * progress bar shows meanwhile), then shows the new page, or the load failure when loading failed.
 * A new hash or query string on the same page shows at once.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPath, type History, type Location, type NavigationType } from './history';
import { Router } from './navigation';
import type { PageLoaderData } from '../types';
import { createRequiredContext } from './context';
import { forgetData, loadPage, routeOf } from './data';
import { pageDataPath, sidebarDataPath } from './paths';

/** What the router needs of a history: the browser's on the client, a fixed one when prerendering. */
export type PageHistory = History;

export interface PageState {
  /** The page on screen: its data, or the error that kept it from loading. */
  data: PageLoaderData | null;
  error: unknown;
}

export type NavigationState = 'idle' | 'loading';

const [PageStateContext, usePageState] = createRequiredContext<PageState>('PageState');
const [NavigationStateContext, useNavigationState] = createRequiredContext<NavigationState>('NavigationState');
export { usePageState, useNavigationState };

/** The data of the page on screen (null while it shows a load failure). */
export function usePageData(): PageLoaderData | null {
  return usePageState().data;
}

/** The event `docsite dev`'s script sends after a rebuild (docsite/devserver.py). */
export const CONTENT_UPDATE = 'docsite:content-update';

export interface ContentUpdate {
  routes: string[]; // the routes whose page data changed
  sidebars: string[]; // the data files of the sidebars that changed (`_data/sidebar/version-1.0/docs.json`)
}

interface Shown extends PageState {
  location: Location;
  action: NavigationType;
}

export function PageRouter({
  history,
  basename,
  initial,
  children,
}: {
  history: PageHistory;
  basename: string;
  initial: PageLoaderData;
  children: ReactNode;
}) {
  const [shown, setShown] = useState<Shown>(() => ({
    location: history.location,
    action: 'POP' as NavigationType,
    data: initial,
    error: null,
  }));
  const [loading, setLoading] = useState(false);
  const current = useRef(shown);
  current.current = shown;

  useEffect(() => {
    let latest = 0;
    return history.listen(({ action, location }) => {
      const id = ++latest;
      const show = (next: PageState) => {
        if (id !== latest) return; // a later navigation won
        setLoading(false);
        setShown({ ...next, location, action });
      };
      const previous = current.current;
      if (location.pathname === previous.location.pathname && previous.data) {
        show(previous);
        return;
      }
      setLoading(true);
      loadPage(routeOf(location.pathname)).then(
        (data) => show({ data, error: null }),
        (error: unknown) => show({ data: null, error }),
      );
    });
  }, [history]);

  useEffect(() => {
    // `docsite dev` rebuilt some pages (their routes and sidebars): forget their cached data and, when
    // the page on screen is one of them, show its new data in place. Same location, same components:
    // the scroll position, the open tabs and collapsibles stay as the reader left them. Handling the
    // event (preventDefault) tells the dev server's script not to reload the page.
    const onUpdate = (event: Event) => {
      const { routes, sidebars } = (event as CustomEvent<ContentUpdate>).detail;
      forgetData([...routes.map(pageDataPath), ...sidebars]);
      const previous = current.current;
      const data = previous.data;
      if (!data) return; // a load failure on screen: the page reloads
      event.preventDefault();
      const route = routeOf(previous.location.pathname);
      // each docs version has its own sidebars: the file names the version
      const sidebarFile =
        'doc' in data.page && data.page.doc.sidebar
          ? sidebarDataPath(data.page.doc.sidebar, data.page.doc.version)
          : null;
      const affected =
        routes.includes(route) ||
        routes.includes(route.replace(/\/$/, '')) ||
        routes.some((changed) => changed.endsWith('/404')) ||
        (sidebarFile !== null && sidebars.includes(sidebarFile));
      if (!affected) return;
      loadPage(route).then(
        (next) => {
          if (current.current.location !== previous.location) return; // the reader moved on
          setShown({ ...current.current, data: next, error: null });
        },
        () => window.location.reload(),
      );
    };
    window.addEventListener(CONTENT_UPDATE, onUpdate);
    return () => window.removeEventListener(CONTENT_UPDATE, onUpdate);
  }, []);

  const page = useMemo(() => ({ data: shown.data, error: shown.error }), [shown.data, shown.error]);
  return (
    <Router basename={basename} location={shown.location} navigationType={shown.action} navigator={history}>
      <NavigationStateContext.Provider value={loading ? 'loading' : 'idle'}>
        <PageStateContext.Provider value={page}>{children}</PageStateContext.Provider>
      </NavigationStateContext.Provider>
    </Router>
  );
}

/** The history of a prerendered page: one location, no navigation. */
export function staticHistory(url: string): PageHistory {
  const parsed = new URL(url, 'http://prerender.local');
  const refuse = () => {
    throw new Error('Cannot navigate while prerendering.');
  };
  return {
    location: { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash, state: null, key: 'default' },
    listen: () => () => {},
    createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
    push: refuse,
    replace: refuse,
    go: refuse,
  };
}
