/**
 * HTML prerendered at build time that a first load does not hydrate with the page: an API page's
 * article (api/Article.tsx), a doc's or a blog post's content (layouts/ArticleContent.tsx). The
 * page's own root keeps the element as the HTML has it; a root of its own hydrates it, in parts,
 * when the reader reaches for a part (`PartHydration`), with the page's data fetched then.
 *
 * The island's root has the page's contexts that never change (`useIslandHydration`): a change of a
 * context above HTML still prerendered would make React hydrate it at once or replace it.
 */
import { useCallback, useRef, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { Router, useLocation, useNavigator } from './navigation';
import { SiteContext, useSite } from './site';

/** What a click on it does needs the part hydrated: it is held until then. */
const CONTROLS = 'button, summary, a[href^="/"]';

/**
 * The parts of prerendered HTML and what the reader does to them before they hydrate: pointer over
 * a part, focus or touch in it asks for it (`want`); a click on a control or a tab's key (arrows,
 * Home, End) in a part not hydrated yet is held, and done again once `hydrated` says it is.
 */
export class PartHydration {
  private readonly hydratedParts = new Set<string>();
  /** What the reader did to a part before it hydrated, in order, to do again once it has. */
  private readonly replays = new Map<string, (() => void)[]>();

  constructor(
    /** The part `target` is in, if any. */
    private readonly partOf: (target: EventTarget | null) => string | null,
    /** Hydrate the part (once; a part already asked for is not asked for again). */
    private readonly want: (id: string) => void,
  ) {}

  isHydrated(id: string): boolean {
    return this.hydratedParts.has(id);
  }

  hydrated(id: string): void {
    this.hydratedParts.add(id);
    const replays = this.replays.get(id) ?? [];
    this.replays.delete(id);
    for (const replay of replays) window.setTimeout(replay);
  }

  /** The part could not be hydrated: what was held is dropped (the reader's next move tries again). */
  failed(id: string): void {
    this.replays.delete(id);
  }

  private hold(id: string, event: Event, replay: () => void): void {
    event.preventDefault();
    event.stopImmediatePropagation();
    this.replays.set(id, [...(this.replays.get(id) ?? []), replay]);
    this.want(id);
  }

  /** Listen for what the reader reaches for; returns the function that stops. */
  listen(): () => void {
    const waiting = (target: EventTarget | null): string | null => {
      const id = this.partOf(target);
      return id && !this.hydratedParts.has(id) && target instanceof Element ? id : null;
    };
    const onIntent = (event: Event) => {
      const id = this.partOf(event.target);
      if (id) this.want(id);
    };
    const onClick = (event: MouseEvent) => {
      const id = waiting(event.target);
      const control = id ? (event.target as Element).closest<HTMLElement>(CONTROLS) : null;
      if (!id || !control || this.partOf(control) !== id) return;
      if (control instanceof HTMLAnchorElement && (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) {
        return; // a new tab or window: the browser's own
      }
      this.hold(id, event, () => control.click());
    };
    // A tab's keys do nothing on the prerendered HTML: they are held too. Tab, Enter and Space keep
    // their own meaning (Enter and Space click, held above).
    const onKeyDown = (event: KeyboardEvent) => {
      const id = waiting(event.target);
      const tab = id ? (event.target as Element).closest<HTMLElement>('[role="tab"]') : null;
      if (!id || !tab || ['Tab', 'Enter', ' '].includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
      const { key, code, shiftKey } = event;
      this.hold(id, event, () => tab.dispatchEvent(new KeyboardEvent('keydown', { key, code, shiftKey, bubbles: true, cancelable: true })));
    };
    // On the window, capturing: before the page's root, which stops the events on an element whose
    // content it does not own.
    const capture = { capture: true };
    const passive = { capture: true, passive: true };
    window.addEventListener('click', onClick, capture);
    window.addEventListener('keydown', onKeyDown, capture);
    window.addEventListener('pointerover', onIntent, passive);
    window.addEventListener('touchstart', onIntent, passive);
    window.addEventListener('focusin', onIntent, capture);
    return () => {
      window.removeEventListener('click', onClick, capture);
      window.removeEventListener('keydown', onKeyDown, capture);
      window.removeEventListener('pointerover', onIntent, passive);
      window.removeEventListener('touchstart', onIntent, passive);
      window.removeEventListener('focusin', onIntent, capture);
    };
  }
}

/**
 * Hydrates prerendered HTML as a root of its own, under the page's contexts that never change. The
 * location is the one of the first render (links inside resolve against it), never updated.
 */
export function useIslandHydration(): (element: HTMLElement, children: ReactNode, identifierPrefix: string) => Root {
  const site = useSite();
  const { basename, navigator } = useNavigator();
  const location = useRef(useLocation());
  return useCallback(
    (element, children, identifierPrefix) =>
      hydrateRoot(
        element,
        <SiteContext.Provider value={site}>
          <Router basename={basename} location={location.current} navigator={navigator}>
            {children}
          </Router>
        </SiteContext.Provider>,
        {
          identifierPrefix, // the ids of what it renders later never meet the page root's
          onRecoverableError(error, info) {
            console.error('Hydration error:', error, info.componentStack);
          },
        },
      ),
    [site, basename, navigator],
  );
}

/** Unmount an island's root: not at once, as the page's root may be committing. */
export function unmountIsland(root: Root): void {
  window.setTimeout(() => root.unmount());
}

/** The inner HTML of an element whose content React does not own (`dangerouslySetInnerHTML`). */
export const KEPT_HTML = { __html: '' };
