/**
 * Sent on window just before a doc's prerendered content hydrates (layouts/ArticleContent.tsx), and
 * once it has: what changed its text meanwhile (the search highlighter's marks) takes it back, then
 * does it again. Apart from lib/prerendered.tsx: the highlighter is in every page's entry script.
 */
export const CONTENT_HYDRATING = 'docsite:content-hydrating';
export const CONTENT_HYDRATED = 'docsite:content-hydrated';
