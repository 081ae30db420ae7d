/** The browser entry: hydrate the prerendered page, then navigate client-side. */
import { hydrateRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import type { PageLoaderData, SiteData } from './types';
import { Root } from './app/Root';
import { DATA_ID, ROOT_ID } from './app/document';
import { loadLayout } from './layouts';
import './styles/index.css';

const element = document.getElementById(DATA_ID);
if (!element?.textContent) throw new Error(`The page has no #${DATA_ID} data to hydrate from.`);
const { site, ...data } = JSON.parse(element.textContent) as { site: SiteData } & PageLoaderData;
// The entry the reader arrived on gets a key of its own, as the router's entries have: scroll
// positions are remembered by key (app/scroll.ts).
if (!window.history.state?.key) {
  window.history.replaceState({ ...window.history.state, key: Math.random().toString(36).slice(2, 10) }, '');
}
const history = createBrowserHistory({ window, v5Compat: true });

// The page's layout chunk was preloaded by the HTML (<link rel="modulepreload">): this only waits for it.
loadLayout(data.page).then(
  () =>
    hydrateRoot(document.getElementById(ROOT_ID)!, <Root site={site} history={history} initial={data} />, {
      onRecoverableError(error, info) {
        console.error('Hydration error:', error, info.componentStack);
      },
    }),
  (error: unknown) => console.error('The code of this page could not be loaded: it works, without interactivity.', error),
);
