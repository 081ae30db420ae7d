/**
 * The content components that do their work in the browser once hydrated, rather than in the HTML
 * they prerender: the widget simulator and the signature checker run there, and an API sample in
 * a language other than the first is fetched there. A doc that places one hydrates its content with
 * the page; any other doc's content stays its prerendered HTML until the reader reaches for it
 * (layouts/ArticleContent.tsx). Kept apart from registry.ts: the page's HTML writer reads it, and
 * needs none of the components.
 */
import type { ContentNode } from '../types';

const LIVE = new Set(['WidgetSimulator', 'SignatureChecker', 'CodeSample']);

/** Whether the tree places a component that works only once hydrated. */
export function placesLiveComponent(nodes: ContentNode[]): boolean {
  return nodes.some((node) => typeof node !== 'string' && (LIVE.has(node[0]) || placesLiveComponent(node.slice(2) as ContentNode[])));
}
