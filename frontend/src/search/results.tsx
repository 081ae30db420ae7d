/** What the search box and the search page show of a hit, and what choosing it passes on. */
import type { SearchHighlightState, SearchHit, Snippet } from './types';

/** Where the hit sits: its sidebar categories, then its page when the hit is a section of it. */
export function HitPath({ hit }: { hit: SearchHit }) {
  const { document } = hit;
  const path = [...document.sidebarParentCategories];
  if (document.sectionTitle !== document.pageTitle) path.push(document.pageTitle);
  if (path.length === 0) return null;
  return <span className="search-hit-path">{path.join(' › ')}</span>;
}

export function SnippetText({ snippet }: { snippet: Snippet }) {
  if (snippet.parts.length === 0) return null;
  return (
    <span className="search-hit-snippet">
      {snippet.before && '… '}
      {snippet.parts.map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : part.text))}
      {snippet.after && ' …'}
    </span>
  );
}

/** The router state that makes the destination highlight the hit's terms (see SearchHighlighter). */
export function highlightState(hit: SearchHit): SearchHighlightState {
  return { searchHighlight: { terms: hit.terms, type: hit.document.type } };
}

export function searchPageRoute(query: string): string {
  return `/search?q=${encodeURIComponent(query)}`;
}
