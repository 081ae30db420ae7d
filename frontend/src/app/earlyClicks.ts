/**
 * Taps on buttons before the page hydrated. On a slow phone the prerendered page is on screen a
 * second or more before its scripts have run, and its buttons (the menu, a dropdown, a sidebar
 * category, a tab) do nothing until then: the reader's tap was lost, and they tapped again. The
 * head's script (`RECORD_EARLY_CLICKS`, run by document.ts `initScript`) notes each button clicked;
 * the entry stops that as it hydrates (React handles clicks from then on), and once the page has
 * hydrated each noted button is clicked again, in order. A button in a prerendered part of the
 * content then holds its click until its part hydrates, as it does for a reader's (lib/prerendered.tsx).
 *
 * A button of a form is left to the form (without JavaScript it submits it), and a disabled one
 * gets no click (the colour-mode toggle is, until the page hydrates).
 */
import { useEffect } from 'react';

interface EarlyClicks {
  clicks: HTMLButtonElement[];
  stop(): void;
}

declare global {
  interface Window {
    __DOCSITE_CLICKS__?: EarlyClicks;
  }
}

/** The head script's part that notes the buttons clicked (ES5: it runs before any other script). */
export const RECORD_EARLY_CLICKS =
  "var q=[];function c(e){var b=e.target instanceof Element?e.target.closest('button'):null;if(b&&!b.form)q.push(b)}" +
  "document.addEventListener('click',c,true);" +
  "window.__DOCSITE_CLICKS__={clicks:q,stop:function(){document.removeEventListener('click',c,true)}};";

let pending: HTMLButtonElement[] = [];

/** The entry, as it hydrates: stop noting clicks, and keep those noted for `useReplayEarlyClicks`. */
export function stopRecordingEarlyClicks(): void {
  const early = window.__DOCSITE_CLICKS__;
  if (!early) return;
  early.stop();
  pending = early.clicks.slice();
  delete window.__DOCSITE_CLICKS__;
}

/** Once the page has hydrated (the app's outermost effect: its parts' effects have run), click again. */
export function useReplayEarlyClicks(): void {
  useEffect(() => {
    const clicks = pending;
    pending = [];
    for (const button of clicks) {
      if (button.isConnected) button.click(); // a disabled one ignores it
    }
  }, []);
}
