/**
 * The server entry: renders one route to a complete HTML document. Used by scripts/prerender.mjs
 * for every route of the site, in one Node process.
 *
 * Rendering waits for everything that suspends (React.lazy layouts such as the API reference):
 * `prerenderToNodeStream` resolves once the whole tree is ready, so the HTML is complete.
 */
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
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
  const appHtml = await renderComplete(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  return renderDocument({ route, appHtml, site, data, assets });
}

/** The HTML of `element` once nothing in it is suspended any more. */
async function renderComplete(element: ReactNode): Promise<string> {
  let failure: unknown = null;
  const { prelude } = await prerenderToNodeStream(element, {
    // Never outline a large Suspense boundary into a <template> completed by a script: the HTML
    // must read the same without JavaScript.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      failure ??= error;
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  if (failure) throw failure;
  return Buffer.concat(chunks).toString('utf8');
}
