/** The browser entry: hydrate the prerendered page, then navigate client-side. */
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { PageLoaderData } from './types';
import { routes } from './app/routes';
import { DATA_ID, ROOT_ID, type InlineData } from './app/document';
import { loadPage, routeOf, setBuildId } from './lib/data';
import { preloadLayout } from './layouts';
import './styles/index.css';

const element = document.getElementById(DATA_ID);
if (!element?.textContent) throw new Error(`The page has no #${DATA_ID} data to hydrate from.`);
const { site, ...inline } = JSON.parse(element.textContent) as InlineData;

/** The page's data: inlined, or (a large page) its JSON file, which the HTML already preloads. */
async function pageData(): Promise<PageLoaderData> {
  if (inline.page) return inline as PageLoaderData;
  setBuildId(site.buildId);
  const { page } = await loadPage(routeOf(window.location.pathname));
  return { page, sidebar: inline.sidebar };
}

async function hydrate(): Promise<void> {
  const data = await pageData();
  // A lazily loaded layout (the API reference) is loaded first (its chunk is preloaded by the
  // HTML): hydrating it then finds the prerendered markup and nothing suspends.
  await preloadLayout(data.page.kind);
  const router = createBrowserRouter(routes, {
    basename: site.baseUrl.replace(/\/$/, '') || '/',
    hydrationData: { loaderData: { root: site, page: data } },
  });
  hydrateRoot(document.getElementById(ROOT_ID)!, <RouterProvider router={router} />, {
    onRecoverableError(error, info) {
      console.error('Hydration error:', error, info.componentStack);
    },
  });
}

hydrate().catch((error: unknown) => {
  // The prerendered page stays readable; it just does not become interactive.
  console.error('The page could not be hydrated:', error);
});
