/** The browser entry: hydrate the prerendered page, then navigate client-side. */
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { PageLoaderData, SiteData } from './types';
import { routes } from './app/routes';
import { DATA_ID, ROOT_ID } from './app/document';
import { preloadLayout } from './layouts';
import './styles/index.css';

const element = document.getElementById(DATA_ID);
if (!element?.textContent) throw new Error(`The page has no #${DATA_ID} data to hydrate from.`);
const { site, ...data } = JSON.parse(element.textContent) as { site: SiteData } & PageLoaderData;

const router = createBrowserRouter(routes, {
  basename: site.baseUrl.replace(/\/$/, '') || '/',
  hydrationData: { loaderData: { root: site, page: data } },
});

// A lazily loaded layout (the API reference) is loaded first (its chunk is preloaded by the HTML):
// hydrating it then finds the prerendered markup and nothing suspends.
void preloadLayout(data.page.kind).then(() =>
  hydrateRoot(document.getElementById(ROOT_ID)!, <RouterProvider router={router} />, {
    onRecoverableError(error, info) {
      console.error('Hydration error:', error, info.componentStack);
    },
  }),
);
