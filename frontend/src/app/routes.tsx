/**
 * The router's routes. Every page is the one splat route: its loader fetches the page's data, and
 * the data's `kind` picks the layout (layouts/index.tsx). On the server the prerender passes the
 * data in the request context instead of fetching it.
 */
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import type { PageLoaderData, SiteData } from '../types';
import { loadPage, loadSite, routeOf } from '../lib/data';
import { preloadLayout } from '../layouts';
import { PageRouteError, RootError } from './errors';
import { Root } from './Root';
import { PageRoute } from './PageRoute';

/** What the prerender hands the loaders for one route. */
export interface PrerenderContext {
  site: SiteData;
  page: PageLoaderData;
}

function prerendered(context: unknown): PrerenderContext | null {
  return context && typeof context === 'object' && 'site' in context ? (context as PrerenderContext) : null;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    ErrorBoundary: RootError,
    loader: ({ context }: LoaderFunctionArgs): Promise<SiteData> | SiteData =>
      prerendered(context)?.site ?? loadSite(),
    // The site data never changes during a visit.
    shouldRevalidate: () => false,
    children: [
      {
        id: 'page',
        path: '*',
        Component: PageRoute,
        ErrorBoundary: PageRouteError,
        loader: ({ request, context }: LoaderFunctionArgs): Promise<PageLoaderData> | PageLoaderData =>
          prerendered(context)?.page ??
          // The layout's lazily loaded code comes with the data: the new page renders at once.
          loadPage(routeOf(new URL(request.url).pathname)).then(async (data) => {
            await preloadLayout(data.page.kind);
            return data;
          }),
        // Same page, new hash or query: keep the data.
        shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
          currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate,
      },
    ],
  },
];
