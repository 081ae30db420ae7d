/**
 * One API's reference page: introduction, authentication, servers, the operations by tag, webhooks,
 * schemas and error codes (api/Article.tsx), with the navigation column. Deep links (`#operation-…`,
 * `#schema-…`) work on load and after client-side navigation: the target is scrolled below the
 * navbar, and a collapsed schema it names opens.
 */
import { Suspense, useEffect, useMemo } from 'react';
import { useLocation } from '../lib/navigation';
import type { ApiReferencePageData } from '../types';
import { MAIN_ID } from '../lib/ids';
import { apiTables, openSchemasStore, type OpenSchemas } from './context';
import { ArticleBody, PartSourceProvider, PrerenderedArticle, PrerenderedParts } from './Article';
import { ApiNav, ApiNavMobile } from './Nav';
import { watchRenderedBlocks } from './renderedBlocks';

/**
 * Scroll to the location's hash target once it is rendered (opening the schema it names), below
 * the navbar (the page's scroll-padding). The jump is instant (api.css: the page is very long).
 */
export function useHashTarget(openSchemas: OpenSchemas, prerendered: PrerenderedParts | null) {
  const { hash } = useLocation();
  useEffect(() => {
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    if (!id) return;
    if (id.startsWith('schema-')) {
      openSchemas.setOpen(id.slice('schema-'.length), true);
      prerendered?.want('schemas');
    }
    let timer = 0;
    const frame = window.requestAnimationFrame(() => {
      const target = document.getElementById(id);
      if (!target) return;
      target.scrollIntoView({ behavior: 'instant' });
      // Content above the target may still change height (remembered tab choices, code samples):
      // if the reader has not scrolled since, put it back in place.
      const scrolled = window.scrollY;
      const top = target.getBoundingClientRect().top;
      timer = window.setTimeout(() => {
        if (window.scrollY === scrolled && Math.abs(target.getBoundingClientRect().top - top) > 1) {
          target.scrollIntoView({ behavior: 'instant' });
        }
      }, 150);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [hash, openSchemas, prerendered]);
}

export function ApiReferencePage({ page }: { page: ApiReferencePageData }) {
  const { pathname } = useLocation();
  const openSchemas = useMemo(() => openSchemasStore(), [page]);
  // A first load of a large page has its outline only: its article is the prerendered HTML.
  const prerendered = useMemo(
    () => (page.outline ? new PrerenderedParts(page, pathname, openSchemas) : null),
    [page, openSchemas],
  );
  const source = useMemo(() => ({ tables: apiTables(page, openSchemas) }), [page, openSchemas]);
  useHashTarget(openSchemas, prerendered);
  useEffect(watchRenderedBlocks, []);

  return (
    <div className="api-page">
      {/* Suspense boundaries split hydration into short tasks: the page's own shell first, then
          each navigation and part of the article in turn, yielding to the browser in between. */}
      <Suspense fallback={null}>
        <ApiNav page={page} />
      </Suspense>
      <main id={MAIN_ID} className="api-main" tabIndex={-1}>
        <Suspense fallback={null}>
          <ApiNavMobile page={page} />
        </Suspense>
        {prerendered ? (
          <PrerenderedArticle page={page} parts={prerendered} />
        ) : (
          <PartSourceProvider value={source}>
            <article className="markdown api-article">
              <ArticleBody page={page} />
            </article>
          </PartSourceProvider>
        )}
      </main>
    </div>
  );
}
