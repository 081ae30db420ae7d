/**
 * API reference layouts, loaded lazily: their code (and api.css) is a chunk of its own that only
 * API pages load. The prerender waits for the chunk (Suspense); the HTML of an API page preloads it
 * (scripts/prerender.mjs), and the browser loads it before hydrating (entry-client.tsx) and before
 * rendering an API page after a client-side navigation (the page route's loader), so the page never
 * shows the Suspense fallback.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { ApiDownloadsPageData, ApiLandingPageData, ApiReferencePageData, PageData } from '../types';

type ApiModule = typeof import('../api');

let loading: Promise<ApiModule> | null = null;
let loaded: ApiModule | null = null;

function load(): Promise<ApiModule> {
  loading ??= import('../api').then((module) => (loaded = module));
  return loading;
}

export const API_KINDS: ReadonlySet<string> = new Set(['apiLanding', 'apiDownloads', 'apiReference']);

/** Load the API chunk when `kind` is an API page; resolves at once otherwise. */
export function preloadApiLayout(kind: PageData['kind']): Promise<unknown> {
  return API_KINDS.has(kind) ? load() : Promise.resolve();
}

function lazyLayout<P extends object>(pick: (module: ApiModule) => ComponentType<P>): ComponentType<P> {
  const Lazy = lazy(() => load().then((module) => ({ default: pick(module) })));
  return function ApiLayout(props: P) {
    // Already loaded: render it directly, so nothing suspends (the DOM is the same either way).
    const Layout = loaded ? pick(loaded) : Lazy;
    return (
      <Suspense fallback={null}>
        <Layout {...props} />
      </Suspense>
    );
  };
}

export const ApiLandingPage = lazyLayout<{ page: ApiLandingPageData }>((m) => m.ApiLandingPage);
export const ApiDownloadsPage = lazyLayout<{ page: ApiDownloadsPageData }>((m) => m.ApiDownloadsPage);
export const ApiReferencePage = lazyLayout<{ page: ApiReferencePageData }>((m) => m.ApiReferencePage);
