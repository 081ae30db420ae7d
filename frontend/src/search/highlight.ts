/**
 * Highlighting a search result's terms on the page it opened (mark.js): inside the article on docs
 * and blog pages, in the main area elsewhere. Loaded only when a page is opened from search.
 *
 * mark.js splits the text nodes React rendered. Text React later changes in place would come out
 * garbled, so the marks never outlive the page: the page's layout is keyed by pathname (a new page
 * is new DOM) and SearchHighlighter removes the marks as soon as a navigation starts.
 */
import Mark from 'mark.js';
import { MAIN_ID } from '../lib/ids';
import type { SearchType } from './types';
import './highlight.css';

const OPTIONS: Mark.MarkOptions = {
  className: 'search-highlight',
  // Not in code blocks (not indexed), heading links or the page's navigation (its table of
  // contents). mark.js tests a text's parent element, so descendants are named too.
  exclude: ['.code-block', '.code-block *', '.hash-link', 'nav', 'nav *'],
  separateWordSearch: false,
  iframesTimeout: 5000, // spec §9 (iframes are not searched: mark.js's default `iframes: false`)
  // Whole words: a stemmed term (`refund.complet`) or a prefix marks the word it is part of.
  accuracy: { value: 'complementary', limiters: [',', ':', ';', '!', '?', '(', ')', '[', ']', '{', '}', '"', "'", '“', '”', '’', '/'] },
};

/** Mark `terms` on the current page; returns the function that removes the marks. */
export function highlightTerms(terms: string[], type: SearchType): () => void {
  const main = document.getElementById(MAIN_ID);
  const root = (type !== 'other' && main?.querySelector('article')) || main;
  if (!root || terms.length === 0) return () => {};
  const mark = new Mark(root);
  mark.mark(terms, OPTIONS);
  return () => mark.unmark({ className: OPTIONS.className });
}
