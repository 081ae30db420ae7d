/**
 * The content of a doc or a blog post. Rendered with the page's data (the prerender, a client-side navigation), it is
 * the content tree's elements. On a first load the HTML holds the content and the inlined data
 * none of it (app/document.ts): the content is then the prerendered HTML, which the page's root
 * keeps as it is, until the reader reaches for it (pointer over it, focus or touch in it; a click
 * or a tab's key is held meanwhile, lib/prerendered.tsx). Then the page's JSON and the content's
 * components are loaded, once, and it hydrates as a root of its own. Until then its tabs show the
 * reader's remembered choices, and its wide tables and diagrams are focusable regions, as they are
 * once hydrated.
 *
 * So a first load neither carries the content twice (as HTML and as data) nor downloads the
 * components, nor spends the time hydrating text that never changes.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Root } from 'react-dom/client';
import type { ContentNode, PageData } from '../types';
import { fetchJson } from '../lib/data';
import { pageDataPath } from '../lib/paths';
import { useLocation } from '../lib/navigation';
import { CONTENT_HYDRATED, CONTENT_HYDRATING } from '../lib/events';
import { KEPT_HTML, PartHydration, unmountIsland, useIslandHydration } from '../lib/prerendered';
import { followPrerendered } from '../renderers/prerendered';

let Content: typeof import('../renderers/Content').Content | null = null;

/** Load the content's components (renderers/): a layout does before it renders a content tree. */
export function loadContent(): Promise<void> {
  return import('../renderers/Content').then((module) => {
    Content = module.Content;
  });
}

export function RenderedContent({ nodes }: { nodes: ContentNode[] }) {
  if (!Content) throw new Error('A content tree was rendered before its components were loaded (loadContent).');
  return <Content nodes={nodes} />;
}

export function ArticleContent({ nodes, prerendered }: { nodes: ContentNode[]; prerendered?: boolean }) {
  return prerendered ? (
    <PrerenderedContent key="prerendered" />
  ) : (
    <div key="rendered" className="article-content">
      <RenderedContent nodes={nodes} />
    </div>
  );
}

/** The whole content is one part. */
const PART = 'content';

function PrerenderedContent() {
  const ref = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const hydrate = useIslandHydration();

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let root: Root | null = null;
    let loading = false;
    const hydration = new PartHydration(
      (target) => (target instanceof Node && element.contains(target) ? PART : null),
      () => {
        if (loading) return;
        loading = true;
        Promise.all([fetchJson<PageData>(pageDataPath(pathname)), loadContent()])
          .then(([page]) => {
            if (page?.kind !== 'doc' && page?.kind !== 'blogPost') {
              throw new Error(`The data of ${pathname} is not a doc nor a blog post.`);
            }
            if (!watching) return; // the page is gone
            window.dispatchEvent(new Event(CONTENT_HYDRATING));
            root = hydrate(element, <Hydrated nodes={page.content} done={done} />, 'doc-');
          })
          .catch((error: unknown) => {
            // the content stays readable as prerendered; the reader's next move tries again
            console.error('The content of this page could not be loaded.', error);
            loading = false;
            hydration.failed(PART);
          });
      },
    );
    const done = () => {
      stopWatching();
      hydration.hydrated(PART);
      window.dispatchEvent(new Event(CONTENT_HYDRATED));
    };
    const stopFollowing = followPrerendered(element, { prerendered: () => !hydration.isHydrated(PART) });
    const stopListening = hydration.listen();
    let watching = true;
    const stopWatching = () => {
      if (!watching) return;
      watching = false;
      stopListening();
      stopFollowing();
    };
    return () => {
      stopWatching();
      if (root) unmountIsland(root);
    };
  }, [pathname, hydrate]);

  return <div ref={ref} className="article-content" dangerouslySetInnerHTML={KEPT_HTML} suppressHydrationWarning />;
}

function Hydrated({ nodes, done }: { nodes: ContentNode[]; done: () => void }) {
  useLayoutEffect(done, [done]);
  return <RenderedContent nodes={nodes} />;
}
