/**
 * Which of an API page's skippable blocks (`api-skippable`, api.css: `content-visibility: auto`)
 * are rendered: the browser says so with `contentvisibilityautostatechange` (Chrome 123+), and a
 * rendered block gets `RENDERED`, which makes it a possible scroll anchor again. A block starts as no anchor: those on
 * screen when the page loads were rendered before this listens, and their size no longer changes.
 */
const RENDERED = 'api-rendered';

/** Follow the blocks' rendering on the document; returns the function that stops. */
export function watchRenderedBlocks(): () => void {
  const onChange = (event: Event) => {
    const block = event.target;
    if (!(block instanceof HTMLElement)) return;
    block.classList.toggle(RENDERED, !(event as Event & { skipped?: boolean }).skipped);
  };
  document.addEventListener('contentvisibilityautostatechange', onChange, true);
  return () => document.removeEventListener('contentvisibilityautostatechange', onChange, true);
}
