/**
 * The search page, `/search?q=`: every result, with snippets, for readers who want more than the
 * panel's 8. The query lives in the URL (shareable, and kept by Back); results come 20 at a time.
 */
import { useEffect, useState } from 'react';
import { RouteLink } from '../lib/SiteLink';
import { useSite } from '../lib/site';
import { MAIN_ID } from '../lib/ids';
import { useQueryParam } from '../lib/queryParams';
import { loadSearchIndexes, searchSite } from './client';
import { HitPath, SnippetText, highlightState } from './results';
import { SearchIcon } from './icons';
import type { SearchHit } from './types';
import './search.css';

const PAGE_SIZE = 20;

export default function SearchPage({ title }: { title: string }) {
  const site = useSite();
  const [param, setParam] = useQueryParam('q');
  const query = param ?? '';
  const [found, setFound] = useState<{ query: string; hits: SearchHit[]; total: number } | null>(null);

  useEffect(() => loadSearchIndexes(site), [site]);

  useEffect(() => {
    let current = true;
    if (!query.trim()) {
      setFound(null);
      return;
    }
    searchSite(site, query, { limit: Infinity, count: PAGE_SIZE }).then((results) => {
      if (current) setFound({ query, hits: results.hits, total: results.total });
    });
    return () => {
      current = false;
    };
  }, [site, query]);

  const showMore = () => {
    if (!found) return;
    searchSite(site, found.query, { limit: Infinity, offset: found.hits.length, count: PAGE_SIZE }).then((results) =>
      setFound((previous) => (previous?.query === found.query ? { ...previous, hits: [...previous.hits, ...results.hits] } : previous)),
    );
  };

  return (
    <main id={MAIN_ID} className="container page-main search-page" tabIndex={-1}>
      <h1>{title}</h1>
      <form role="search" className="search-field search-page-field" onSubmit={(event) => event.preventDefault()}>
        <button type="submit" className="search-field-button" title="Submit" aria-label="Submit">
          <SearchIcon />
        </button>
        <input
          type="search"
          className="search-field-input"
          placeholder="Search..."
          aria-label="Search terms"
          maxLength={site.search.maxInputLength}
          value={query}
          onChange={(event) => setParam(event.currentTarget.value || null)}
          autoFocus={!query}
        />
      </form>
      {found && query.trim() !== '' && (
        <section aria-live="polite" className="search-page-results">
          <p className="search-page-count">
            {found.total === 0
              ? 'No results found.'
              : `${found.total} result${found.total === 1 ? '' : 's'} for “${found.query}”`}
          </p>
          <ol className="search-page-hits">
            {found.hits.map((hit) => (
              <li key={hit.document.sectionRoute} className="search-page-hit">
                <HitPath hit={hit} />
                <RouteLink to={hit.document.sectionRoute} state={highlightState(hit)} className="search-hit-title">
                  {hit.document.sectionTitle}
                </RouteLink>
                <SnippetText snippet={hit.snippet} />
              </li>
            ))}
          </ol>
          {found.hits.length < found.total && (
            <button type="button" className="button button-secondary search-page-more" onClick={showMore}>
              Show more results
            </button>
          )}
        </section>
      )}
    </main>
  );
}
