/**
 * The server entry: renders one route to a complete HTML document. Used by scripts/prerender.mjs
 * for every route of the site, in one Node process.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { PageLoaderData, SiteData } from './types';
import { routes, type PrerenderContext } from './app/routes';
import { renderDocument, type Assets } from './app/document';

export { docsDataPath, pageDataPath, sidebarDataPath } from './lib/paths';

const handlers = new Map<string, ReturnType<typeof createStaticHandler>>();

function handlerFor(basename: string) {
  let handler = handlers.get(basename);
  if (!handler) {
    handler = createStaticHandler(routes, { basename });
    handlers.set(basename, handler);
  }
  return handler;
}

export async function renderPage(route: string, site: SiteData, data: PageLoaderData, assets: Assets): Promise<string> {
  globalThis.__DOCSITE_BASE__ = site.baseUrl;
  const basename = site.baseUrl.replace(/\/$/, '') || '/';
  const handler = handlerFor(basename);
  const url = new URL(site.baseUrl.replace(/\/$/, '') + route, 'http://prerender.local');
  const requestContext: PrerenderContext = { site, page: data };
  const context = await handler.query(new Request(url), { requestContext });
  if (context instanceof Response) throw new Error(`Rendering ${route} answered a redirect or response (${context.status}).`);
  if (context.errors) {
    const error = Object.values(context.errors)[0];
    throw new Error(`Rendering ${route} failed in a loader.`, { cause: error });
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const appHtml = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  return renderDocument({ appHtml, site, data, assets });
}
