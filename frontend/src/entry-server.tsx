/**
 * The server entry: renders one route to a complete HTML document. Used by scripts/prerender.mjs
 * for every route of the site, in one Node process.
 *
 * Rendering waits for everything that suspends (the API page's Suspense boundaries, anything
 * React.lazy): `prerenderToNodeStream` resolves once the whole tree is ready, so the HTML is complete.
 * Most pages suspend nowhere once their layout is loaded: they are rendered to a string in one
 * synchronous pass first, at half the cost of the stream (no encoding of chunks into bytes and back).
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import type { PageLoaderData, SiteData } from './types';
import { Root } from './app/Root';
import { staticHistory } from './lib/router';
import { renderDocument, type Assets } from './app/document';
import { loadLayout } from './app/layouts';
import { setLayoutLoader } from './lib/data';

export { docsDataPath, pageDataPath, samplesDataPath, sidebarDataPath, tryItDataPath } from './lib/paths';
export { layoutModule } from './app/layouts';

setLayoutLoader(loadLayout);

export async function renderPage(route: string, site: SiteData, data: PageLoaderData, assets: Assets): Promise<string> {
  globalThis.__DOCSITE_BASE__ = site.baseUrl;
  await loadLayout(data.page);
  const history = staticHistory(site.baseUrl.replace(/\/$/, '') + route);
  const appHtml = await renderComplete(<Root site={site} history={history} initial={data} />);
  return renderDocument({ route, appHtml, site, data, assets });
}

/**
 * The HTML of `element` once nothing in it is suspended any more: `renderToString`'s when nothing
 * suspended nor failed (it renders a suspended or failed Suspense boundary's fallback, marked `<!--$!`
 * or `<!--$?`, and throws for the rest), else the complete render's, which waits, or fails the page.
 */
export async function renderComplete(element: ReactNode): Promise<string> {
  try {
    const html = renderToString(element);
    if (!html.includes('<!--$!') && !html.includes('<!--$?')) return html;
  } catch {
    // a component suspended outside a boundary, or failed: the complete render says which
  }
  return renderWaiting(element);
}

async function renderWaiting(element: ReactNode): Promise<string> {
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
