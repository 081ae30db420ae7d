import { MAIN_ID } from '../lib/ids';

/** The first focusable element: jumps past the navbar to the page's main content. */
export function SkipToContent() {
  return (
    <a className="skip-to-content" href={`#${MAIN_ID}`}>
      Skip to main content
    </a>
  );
}
