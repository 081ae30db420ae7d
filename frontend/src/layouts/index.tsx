/**
 * The layout for each kind of page data. Each layout is its own chunk, loaded with the page's data
 * (lib/data.ts `loadPage`): a doc page downloads the doc layout and nothing of the blog, the API
 * reference or the home page. `module` names the source file for the prerender, which preloads
 * the chunk (and its CSS) of the page it writes.
 *
 * The site's own React pages (`kind: 'react'`) are a layer above: `layoutRegistry` takes their
 * registry (pages/index.tsx), and the app composes the two (app/layouts.ts).
 */
import type { ComponentType } from 'react';
import type { PageData, PageLoaderData } from '../types';

export type LayoutComponent = ComponentType<{ data: PageLoaderData }>;

export interface LayoutModule {
  /** The source file, as the Vite manifest names it. */
  module: string;
  load: () => Promise<LayoutComponent>;
}

/* eslint-disable @typescript-eslint/no-explicit-any */
const as = (Component: ComponentType<any>): LayoutComponent =>
  function PageLayout({ data }) {
    return <Component page={data.page} sidebar={data.sidebar} />;
  };

const doc: LayoutModule = {
  module: 'src/layouts/DocPage.tsx',
  load: () => import('./DocPage').then((m) => m.loadContent().then(() => as(m.DocPage))),
};
const docCategory: LayoutModule = {
  module: 'src/layouts/DocPage.tsx',
  load: () => import('./DocPage').then((m) => as(m.DocCategoryPage)),
};
const BLOG_MODULE = 'src/layouts/BlogPages.tsx';
const blog = (pick: (m: typeof import('./BlogPages')) => ComponentType<any>): LayoutModule => ({
  module: BLOG_MODULE,
  load: () => import('./BlogPages').then((m) => m.loadContent().then(() => as(pick(m)))),
});
const tags = (pick: (m: typeof import('./TagPages')) => ComponentType<any>): LayoutModule => ({
  module: 'src/layouts/TagPages.tsx',
  load: () => import('./TagPages').then((m) => as(pick(m))),
});
const api = (pick: (m: typeof import('./ApiPages')) => ComponentType<any>): LayoutModule => ({
  module: 'src/layouts/ApiPages.tsx',
  load: () => import('./ApiPages').then((m) => as(pick(m))),
});

const layouts: Record<Exclude<PageData['kind'], 'react'>, LayoutModule> = {
  doc,
  docCategory,
  page: { module: 'src/layouts/MarkdownPage.tsx', load: () => import('./MarkdownPage').then((m) => as(m.MarkdownPage)) },
  blogPost: blog((m) => m.BlogPostPage),
  blogList: blog((m) => m.BlogListPage),
  blogTag: blog((m) => m.BlogListPage),
  blogArchive: blog((m) => m.BlogArchivePage),
  blogTags: tags((m) => m.TagsPage),
  docTags: tags((m) => m.TagsPage),
  docTag: tags((m) => m.DocTagPage),
  apiLanding: api((m) => m.ApiLandingPage),
  apiDownloads: api((m) => m.ApiDownloadsPage),
  apiChangelog: api((m) => m.ApiChangelogPage),
  apiReference: api((m) => m.ApiReferencePage),
  notFound: { module: 'src/layouts/NotFoundPage.tsx', load: () => import('./NotFoundPage').then((m) => m.NotFoundPage) },
};

/**
 * The layouts of a first load's doc or blog post, whose content is the prerendered HTML: the
 * content's components load when it hydrates (ArticleContent.tsx).
 */
const prerenderedLayouts: Record<'doc' | 'blogPost', LayoutModule> = {
  doc: { module: doc.module, load: () => import('./DocPage').then((m) => as(m.DocPage)) },
  blogPost: { module: BLOG_MODULE, load: () => import('./BlogPages').then((m) => as(m.BlogPostPage)) },
};
/* eslint-enable @typescript-eslint/no-explicit-any */

const isPrerendered = (page: PageData): page is PageData & { kind: 'doc' | 'blogPost' } =>
  (page.kind === 'doc' || page.kind === 'blogPost') && !!page.prerendered;

function layoutKey(page: PageData): string {
  if (isPrerendered(page)) return `${page.kind}:prerendered`;
  return page.kind === 'react' ? `react:${page.component}` : page.kind;
}

/** The layouts of React pages, by component name (`content/pages/*.yaml` names the component). */
export type PageLayouts = Readonly<Record<string, LayoutModule | undefined>>;

export interface LayoutRegistry {
  /** The layout's module for `page`; throws when no layout renders its kind or component. */
  layoutModule(page: PageData): LayoutModule;
  /** Load the code that renders `page` (once); resolves when `Layout` can render it. */
  loadLayout(page: PageData): Promise<void>;
  /** Renders a page whose layout is loaded. */
  Layout: ComponentType<{ data: PageLoaderData }>;
}

/** The registry of every layout: the page kinds' above, and the React pages' of `pageLayouts`. */
export function layoutRegistry(pageLayouts: PageLayouts): LayoutRegistry {
  function layoutModule(page: PageData): LayoutModule {
    if (isPrerendered(page)) return prerenderedLayouts[page.kind];
    const layout = page.kind === 'react' ? pageLayouts[page.component] : layouts[page.kind];
    if (!layout) {
      const what = page.kind === 'react' ? `page component "${page.component}" (frontend/src/pages/index.tsx)` : `layout for page kind "${page.kind}"`;
      throw new Error(`No ${what}.`);
    }
    return layout;
  }

  const loaded = new Map<string, LayoutComponent>();

  async function loadLayout(page: PageData): Promise<void> {
    const key = layoutKey(page);
    if (!loaded.has(key)) loaded.set(key, await layoutModule(page).load());
  }

  function Layout({ data }: { data: PageLoaderData }) {
    const Component = loaded.get(layoutKey(data.page));
    if (!Component) throw new Error(`The layout of this page (${layoutKey(data.page)}) was rendered before it was loaded.`);
    return <Component data={data} />;
  }

  return { layoutModule, loadLayout, Layout };
}
