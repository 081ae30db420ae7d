/**
 * The navbar's search box: @algolia/autocomplete-core runs the state machine (idle, loading,
 * stalled after 300 ms, idle), the keyboard and the ARIA attributes; this component renders it.
 * Loaded on first use (see ./index.tsx), with the search worker and its styles.
 *
 * Keys: the first result is active; arrows move; Enter opens the active result in this tab
 * (Ctrl/Cmd+Enter: a new tab, Shift+Enter: a new window) or, with no result, the search page;
 * Escape closes the panel, a second Escape clears the query; Tab or a click outside closes it.
 *
 * Each result is a real link to its `path#anchor` (the option is the `<a>`): middle-click, the
 * context menu, copying its address and the status bar work as on any link. A plain click opens it
 * in this tab through the router; a click with a modifier is left to the browser.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from '../lib/navigation';
import { createAutocomplete, type AutocompleteState } from '@algolia/autocomplete-core';
import { useSite } from '../lib/site';
import { withBase } from '../lib/paths';
import { searchSite, loadSearchIndexes } from './client';
import { insightsItem, insightsOptions, type SearchItem } from './analytics';
import { HitPath, SnippetText, highlightState, searchPageRoute } from './results';
import { ClearIcon, SearchIcon } from './icons';
import './search.css';

export const STALL_THRESHOLD = 300; // ms before a pending search shows the loading indicator
// Input debounce: none (0 ms). Every keystroke searches; the worker keeps the page responsive.

interface Props {
  /** What the reader typed in the placeholder field while the box was loading. */
  typedQuery: () => string;
  /** Changes when the reader asks for the box (a click, Ctrl/Cmd+K, `/`): focus the input. */
  focusRequest: number;
}

const openInNewTab = (url: string) => window.open(url, '_blank', 'noopener');
const openInNewWindow = (url: string) => window.open(url, '_blank', 'noopener,popup');

export default function SearchBox({ typedQuery, focusRequest }: Props) {
  const site = useSite();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<AutocompleteState<SearchItem> | null>(null);

  const autocomplete = useMemo(() => {
    const { maxResults, analytics } = site.search;
    const close = () => {
      autocomplete.setIsOpen(false);
      inputRef.current?.blur();
    };
    const go = (item: SearchItem) => {
      close();
      navigateRef.current(item.document.sectionRoute, { state: highlightState(item) });
    };
    const autocomplete = createAutocomplete<SearchItem, React.BaseSyntheticEvent, React.MouseEvent, React.KeyboardEvent>({
      id: 'site-search',
      placeholder: 'Search...',
      defaultActiveItemId: 0,
      stallThreshold: STALL_THRESHOLD,
      openOnFocus: false,
      shouldPanelOpen: ({ state: current }) => current.query.trim() !== '',
      onStateChange: ({ state: next }) => setState(next),
      insights: insightsOptions(analytics),
      navigator: {
        navigate: ({ item }) => go(item),
        navigateNewTab: ({ itemUrl }) => openInNewTab(itemUrl),
        navigateNewWindow: ({ itemUrl }) => openInNewWindow(itemUrl),
      },
      onSubmit: ({ state: current }) => {
        if (current.query.trim()) navigateRef.current(searchPageRoute(current.query));
      },
      getSources: ({ query }) => {
        if (!query.trim()) return [];
        return [
          {
            sourceId: 'pages',
            getItems: async () => {
              const { hits } = await searchSite(site, query, { limit: maxResults });
              return hits.map((hit) => insightsItem(hit, analytics));
            },
            getItemUrl: ({ item }) => withBase(item.document.sectionRoute),
            onSelect: ({ item, event }) => {
              // Enter is handled by the navigator above; a plain click lands here (a click with a
              // modifier key is the browser's: see the option's link).
              if (event.type === 'click') go(item);
            },
          },
        ];
      },
    });
    return autocomplete;
    // The box lives as long as the page; its settings never change during a visit.
  }, []);

  // Ask for the box: focus it (which loads the indexes), with what was typed before it loaded.
  // In the same commit that replaced the placeholder, so that no keystroke falls in between.
  const mounted = useRef(false);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!mounted.current) {
      mounted.current = true;
      const typed = typedQuery();
      autocomplete.setQuery(typed);
      if (input) input.value = typed;
      input?.focus(); // searches for what was typed, if anything
    } else {
      input?.focus();
      input?.select();
    }
  }, [autocomplete, typedQuery, focusRequest]);

  // A press outside the box closes it.
  const isOpen = state?.isOpen ?? false;
  useEffect(() => {
    const [form, input, panel] = [formRef.current, inputRef.current, panelRef.current];
    if (!isOpen || !form || !input || !panel) return;
    const { onMouseDown, onTouchStart, onTouchMove } = autocomplete.getEnvironmentProps({
      formElement: form,
      inputElement: input,
      panelElement: panel,
    });
    window.addEventListener('mousedown', onMouseDown);
    window.addEventListener('touchstart', onTouchStart);
    window.addEventListener('touchmove', onTouchMove);
    return () => {
      window.removeEventListener('mousedown', onMouseDown);
      window.removeEventListener('touchstart', onTouchStart);
      window.removeEventListener('touchmove', onTouchMove);
    };
  }, [autocomplete, isOpen]);

  const query = state?.query ?? '';
  const status = state?.status ?? 'idle';
  const collections = state?.collections ?? [];
  const itemCount = collections.reduce((sum, collection) => sum + collection.items.length, 0);
  const expanded = isOpen && itemCount > 0; // the listbox is shown (not the no-results message)
  const inputProps = autocomplete.getInputProps({
    inputElement: inputRef.current,
    maxLength: site.search.maxInputLength,
  });

  return (
    <div className="search-box" data-status={status}>
      <form ref={formRef} className="search-field" {...autocomplete.getFormProps({ inputElement: inputRef.current })}>
        <label className="visually-hidden" {...autocomplete.getLabelProps({})}>
          Search the documentation
        </label>
        <button type="submit" className="search-field-button" title="Submit" aria-label="Submit">
          <SearchIcon />
        </button>
        <input
          ref={inputRef}
          className="search-field-input"
          {...inputProps}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={expanded ? inputProps['aria-controls'] : undefined}
          aria-activedescendant={expanded ? inputProps['aria-activedescendant'] : undefined}
          aria-haspopup="listbox"
          aria-autocomplete="list"
          onFocus={(event) => {
            loadSearchIndexes(site);
            inputProps.onFocus(event);
          }}
        />
        {status === 'stalled' && (
          <span className="search-loading" role="status">
            <span className="search-spinner" aria-hidden="true" />
            <span className="visually-hidden">Loading search results</span>
          </span>
        )}
        {query && (
          <button type="reset" className="search-field-button" title="Clear" aria-label="Clear">
            <ClearIcon />
          </button>
        )}
      </form>
      {isOpen && (
        <div ref={panelRef} className="search-panel" {...autocomplete.getPanelProps({})}>
          {itemCount > 0 ? (
            collections.map(({ source, items: sourceItems }) => (
              <ul key={source.sourceId} className="search-hits" {...autocomplete.getListProps({ source })}>
                {sourceItems.map((item) => {
                  const { onClick, ...itemProps } = autocomplete.getItemProps({ item, source });
                  return (
                    <li key={item.document.sectionRoute} role="none">
                      <a
                        className="search-hit"
                        href={withBase(item.document.sectionRoute)}
                        tabIndex={-1}
                        {...itemProps}
                        onClick={(event) => {
                          if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
                          event.preventDefault(); // opened through the router, by onSelect
                          onClick(event);
                        }}
                      >
                        <HitPath hit={item} />
                        <span className="search-hit-title">{item.document.sectionTitle}</span>
                        <SnippetText snippet={item.snippet} />
                      </a>
                    </li>
                  );
                })}
              </ul>
            ))
          ) : (
            status === 'idle' && (
              <p className="search-no-results" role="status">
                No results found.
              </p>
            )
          )}
          <div className="search-panel-footer">
            <a
              href={withBase(searchPageRoute(query))}
              onClick={(event) => {
                if (event.ctrlKey || event.metaKey || event.shiftKey) return;
                event.preventDefault();
                autocomplete.setIsOpen(false);
                navigate(searchPageRoute(query));
              }}
            >
              See all results
            </a>
            <KeyHints />
            <button
              type="button"
              className="search-cancel"
              onClick={() => {
                autocomplete.setIsOpen(false);
                inputRef.current?.focus();
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

function KeyHints() {
  return (
    <span className="search-key-hints" aria-hidden="true">
      <kbd>↵</kbd> open <kbd>↑</kbd>
      <kbd>↓</kbd> move <kbd>esc</kbd> close
    </span>
  );
}
