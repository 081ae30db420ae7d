/**
 * The id of the page's `<main>`: every layout and error screen gives it to its main landmark, the
 * skip link jumps to it, and the search highlighter marks the searched words inside it.
 */
export const MAIN_ID = '__main';
