/** The browser entry: hydrate the prerendered page, then navigate client-side. */
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserHistory } from './lib/history';
import type { PageLoaderData } from './types';
import { Root } from './app/Root';
import { DATA_ID, ROOT_ID, type InlineData } from './app/document';
import { FirstLoadFailure, reloadOnce } from './app/errors';
import { stopRecordingEarlyClicks } from './app/earlyClicks';
import { loadPage, routeOf, setBuildId, setLayoutLoader } from './lib/data';
import { loadLayout } from './app/layouts';
import './styles/index.css';

setLayoutLoader(loadLayout);

const element = document.getElementById(DATA_ID);
if (!element?.textContent) throw new Error(`The page has no #${DATA_ID} data to hydrate from.`);
const { site, ...inline } = JSON.parse(element.textContent) as InlineData;
// The entry the reader arrived on gets a key of its own, as the router's entries have: scroll
// positions are remembered by key (app/scroll.ts).
if (!window.history.state?.key) {
  window.history.replaceState({ ...window.history.state, key: Math.random().toString(36).slice(2, 10) }, '');
}
const history = createBrowserHistory(window);

/**
 * The page's data, and its layout's code, before hydrating: nothing suspends then, and the
 * prerendered markup is found as it is. The data is inlined, or (a large page) its JSON file,
 * which the HTML preloads; the layout's chunk is preloaded by the HTML (<link rel="modulepreload">).
 */
async function pageData(): Promise<PageLoaderData> {
  if (inline.page) {
    await loadLayout(inline.page);
    return inline as PageLoaderData;
  }
  setBuildId(site.buildId);
  const { page } = await loadPage(routeOf(window.location.pathname)); // its layout's code included
  return { page, sidebar: inline.sidebar };
}

pageData().then(
  (data) => {
    stopRecordingEarlyClicks(); // React handles clicks from now on; those before are replayed once it has hydrated
    hydrateRoot(document.getElementById(ROOT_ID)!, <Root site={site} history={history} initial={data} />, {
      onRecoverableError(error, info) {
        console.error('Hydration error:', error, info.componentStack);
      },
    });
  },
  // As after a link (spec 2): reload from the server once; if that fails too, the prerendered page
  // stays readable, with the load-failure box and its Retry above it.
  (error: unknown) => {
    console.error('The code or data of this page could not be loaded.', error);
    if (reloadOnce()) return;
    const box = document.createElement('div');
    (document.querySelector('main') ?? document.getElementById(ROOT_ID))?.prepend(box);
    createRoot(box).render(<FirstLoadFailure error={error} />);
  },
);
