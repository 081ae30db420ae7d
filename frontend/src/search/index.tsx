/**
 * The part of search every page loads: a search field that looks ready (the navbar item), the
 * keyboard shortcuts (Ctrl/Cmd+K and `/`) and the highlighter of search terms on the destination
 * page. Everything else (autocomplete, the worker, lunr, mark.js) is loaded on first use; the
 * search page (SearchPage.tsx) is a page chunk of its own (pages/index.tsx).
 */
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from '../lib/navigation';
import { CONTENT_HYDRATED, CONTENT_HYDRATING } from '../lib/events';
import { useNavigationState } from '../lib/router';
import type { SearchHighlightState } from './types';
import { SearchIcon } from './icons';
import './search-field.css';

type SearchBoxComponent = ComponentType<{ typedQuery: () => string; focusRequest: number }>;

const loadSearchBox = () => import('./SearchBox');

function isEditable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/** The navbar's search: a placeholder field until the reader uses it, then the real box. */
export function NavbarSearch() {
  const root = useRef<HTMLDivElement>(null);
  // Kept after the placeholder is replaced: the box takes over what was typed in it.
  const placeholderInput = useRef<HTMLInputElement | null>(null);
  const keepPlaceholder = useCallback((element: HTMLInputElement | null) => {
    if (element) placeholderInput.current = element;
  }, []);
  const typedQuery = useCallback(() => placeholderInput.current?.value ?? '', []);
  const [Box, setBox] = useState<SearchBoxComponent | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const loading = useRef(false);
  const [shortcut, setShortcut] = useState('Ctrl K');

  const activate = useCallback(() => {
    setFocusRequest((n) => n + 1);
    if (loading.current) return;
    loading.current = true;
    loadSearchBox().then(
      ({ default: Loaded }) => setBox(() => Loaded),
      (error: unknown) => {
        loading.current = false;
        console.error('The search box could not be loaded.', error);
      },
    );
  }, []);

  // Focused before the page hydrated (a slow phone: tapped, maybe typed in, while the scripts
  // loaded), the field had no handler yet: the box takes over now, with what was typed.
  useEffect(() => {
    if (placeholderInput.current && document.activeElement === placeholderInput.current) activate();
  }, [activate]);

  useEffect(() => {
    if (/Mac|iPhone|iPad/.test(navigator.platform)) setShortcut('⌘ K');
    const onKeyDown = (event: KeyboardEvent) => {
      const modK = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target);
      if (!(modK || slash) || root.current?.offsetParent == null) return; // hidden on mobile
      event.preventDefault();
      if (!Box) placeholderInput.current?.focus();
      activate();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [activate, Box]);

  return (
    <div className="navbar-search" ref={root} onPointerEnter={() => void loadSearchBox().catch(() => {})}>
      {Box ? (
        <Box typedQuery={typedQuery} focusRequest={focusRequest} />
      ) : (
        <div className="search-field">
          <span className="search-field-button" aria-hidden="true">
            <SearchIcon />
          </span>
          <input
            ref={keepPlaceholder}
            type="search"
            className="search-field-input"
            placeholder="Search..."
            aria-label="Search the documentation"
            maxLength={512}
            onFocus={activate}
          />
          <kbd className="search-shortcut" aria-hidden="true">
            {shortcut}
          </kbd>
        </div>
      )}
    </div>
  );
}

/** Marks the search terms on a page opened from a search result (see ./highlight.ts). */
export function SearchHighlighter() {
  const location = useLocation();
  const navigation = useNavigationState();
  const highlight = (location.state as Partial<SearchHighlightState> | null)?.searchHighlight;
  const undo = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!highlight) return;
    let cancelled = false;
    const unmark = () => {
      undo.current?.();
      undo.current = null;
    };
    const mark = () => {
      import('./highlight').then(({ highlightTerms }) => {
        if (cancelled) return;
        unmark();
        undo.current = highlightTerms(highlight.terms, highlight.type);
      });
    };
    mark();
    // A doc's prerendered content hydrating would find its text split by the marks: off, then on again.
    window.addEventListener(CONTENT_HYDRATING, unmark);
    window.addEventListener(CONTENT_HYDRATED, mark);
    return () => {
      cancelled = true;
      window.removeEventListener(CONTENT_HYDRATING, unmark);
      window.removeEventListener(CONTENT_HYDRATED, mark);
      unmark();
    };
  }, [location.key, highlight]);

  // Off before the next page renders: as soon as a navigation starts loading it.
  useEffect(() => {
    if (navigation === 'loading') {
      undo.current?.();
      undo.current = null;
    }
  }, [navigation]);

  return null;
}
