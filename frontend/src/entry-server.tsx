/**
 * The server entry: renders one route to a complete HTML document. Used by scripts/prerender.mjs
 * for every route of the site, in one Node process.
 */
import { renderToString } from 'react-dom/server';
import type { PageLoaderData, SiteData } from './types';
import { Root } from './app/Root';
import { staticHistory } from './app/router';
import { renderDocument, type Assets } from './app/document';
import { loadLayout } from './layouts';

export { docsDataPath, pageDataPath, sidebarDataPath } from './lib/paths';
export { layoutModule } from './layouts';

export async function renderPage(route: string, site: SiteData, data: PageLoaderData, assets: Assets): Promise<string> {
  globalThis.__DOCSITE_BASE__ = site.baseUrl;
  await loadLayout(data.page);
  const history = staticHistory(site.baseUrl.replace(/\/$/, '') + route);
  const appHtml = renderToString(<Root site={site} history={history} initial={data} />);
  return renderDocument({ appHtml, site, data, assets });
}
