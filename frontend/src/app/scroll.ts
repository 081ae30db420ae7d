/**
 * Scrolling after navigation: to the hash target, or to the top of a new page; back and forward
 * restore the position the reader left. Moving to a target on the same page scrolls smoothly (unless
 * the page's scroll-behavior says otherwise): the browser's smooth scrolling where supported, else a
 * fallback that moves 85% of the remaining distance each frame.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '../lib/navigation';

export const SMOOTH_SCROLL_STEP = 0.85;

// Runs on the client only; on the server it would warn, and there is nothing to scroll.
const useClientLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

function supportsSmoothScrolling(): boolean {
  return 'scrollBehavior' in document.documentElement.style;
}

/**
 * Whether the page wants its jumps instant: its root's scroll-behavior is not smooth. base.css makes
 * it smooth (once `SMOOTH_CLASS` is on the root) unless the reader prefers reduced motion; api.css
 * makes API pages instant (they are tens of thousands of pixels long: a smooth scroll across one
 * takes seconds).
 */
function wantsInstantJumps(): boolean {
  return supportsSmoothScrolling() && getComputedStyle(document.documentElement).scrollBehavior !== 'smooth';
}

/** Scroll the window to `top` smoothly; returns a function that stops the fallback animation. */
export function smoothScrollTo(top: number): () => void {
  const max = document.documentElement.scrollHeight - window.innerHeight;
  const target = Math.max(0, Math.min(top, max));
  if (supportsSmoothScrolling()) {
    window.scrollTo({ top: target, behavior: 'smooth' });
    return () => {};
  }
  let frame = 0;
  let previous = NaN;
  const step = () => {
    const current = window.scrollY;
    const remaining = target - current;
    if (Math.abs(remaining) < 1 || current === previous) {
      window.scrollTo(0, target);
      return;
    }
    previous = current;
    window.scrollTo(0, current + remaining * SMOOTH_SCROLL_STEP);
    frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}

/** Where `element` sits when scrolled to: below the fixed navbar (the root's scroll-padding-top). */
function targetTop(element: Element): number {
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  return element.getBoundingClientRect().top + window.scrollY - padding;
}

function hashTarget(hash: string): Element | null {
  if (hash.length < 2) return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    /* a malformed escape: look the id up as it is */
  }
  return document.getElementById(id);
}

/**
 * The root's class that turns on base.css's smooth scrolling, added once the first load is placed.
 * Before it, the browser's own scroll to the hash of the page being loaded is instant: smooth, it
 * was still animating on a slow device (Chromium's CPU throttled 4x) when the page hydrated, and the
 * placing below and that animation together left the target up to 700 px off for a moment.
 */
export const SMOOTH_CLASS = 'smooth-scrolling';

/** What the reader does that ends `keepInPlace`: from then on, where the page is is theirs. */
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
export const SETTLE_MS = 3000;

/**
 * Keep a new page's hash target (a first load's, or a link's to another page) where it was placed
 * while the page settles: what lies above it can still change height after hydration or rendering
 * (a slow phone, a busy machine: CI saw the target 640 px too high 800 ms after hydration, and an API
 * page's late sections put a link's target 470 px low). For `SETTLE_MS`, or until the reader
 * scrolls, types or clicks, the target is placed again each time the page changes: at the end of the
 * task that changed the DOM (a MutationObserver's microtask, before anything else can read or paint
 * the page) and when its size changes for another reason (a ResizeObserver: images, fonts). Returns
 * what stops it.
 */
function keepInPlace(target: Element): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  const place = () => window.scrollTo({ top: targetTop(target), behavior: 'instant' });
  const resized = new ResizeObserver(place);
  const changed = new MutationObserver(place);
  const stop = () => {
    resized.disconnect();
    changed.disconnect();
    window.clearTimeout(timer);
    for (const type of READER_INPUT) window.removeEventListener(type, stop, true);
  };
  const timer = window.setTimeout(stop, SETTLE_MS);
  for (const type of READER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  resized.observe(document.body);
  changed.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/** Entries the browser made itself (a plain `#hash` link) have no key of their own. */
const NO_KEY = 'default';

export function useScrollAfterNavigation(): void {
  const location = useLocation();
  const action = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const shownKey = useRef(location.key);
  const previous = useRef<{ pathname: string } | null>(null);

  // Remember where the reader is on the entry on screen, for back and forward. One listener: the
  // key it saves under changes with the page shown, before any scroll the new page causes.
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // After the first load's placing (the layout effect below runs first): from now on jumps within
    // the page may be smooth.
    document.documentElement.classList.add(SMOOTH_CLASS);
    const save = () => {
      if (shownKey.current !== NO_KEY) positions.current.set(shownKey.current, window.scrollY);
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  useClientLayoutEffect(() => {
    shownKey.current = location.key;
    const before = previous.current;
    previous.current = { pathname: location.pathname };
    if (!before) {
      // The first load: the browser scrolled to the hash while parsing the page; what lies above the
      // target may have changed height since (a loaded machine showed the target 40 px low), so
      // place it again, at once.
      const target = hashTarget(location.hash);
      if (!target) return;
      window.scrollTo({ top: targetTop(target), behavior: 'instant' });
      return keepInPlace(target);
    }
    const samePage = before.pathname === location.pathname;
    const saved = positions.current.get(location.key);
    if (action === 'POP' && saved !== undefined) {
      window.scrollTo({ top: saved, behavior: 'instant' });
      return;
    }
    const target = hashTarget(location.hash);
    if (target && samePage && !wantsInstantJumps()) return smoothScrollTo(targetTop(target));
    if (target) {
      window.scrollTo({ top: targetTop(target), behavior: 'instant' });
      // Another page's target: what lies above it can still grow, as on a first load (an API
      // page's code samples, a lazy chunk, put the target 470 px low). So can an API page's own,
      // its jumps instant: the blocks near the target, skipped off screen until then (api.css),
      // take their real height once rendered (the mobile menu's link landed 300 px low).
      return keepInPlace(target);
    } else if (!samePage) window.scrollTo({ top: 0, behavior: 'instant' });
  }, [location, action]);
}
