/** The layout for each kind of page data. */
import type { PageLoaderData } from '../types';
import { DocCategoryPage, DocPage } from './DocPage';
import { MarkdownPage } from './MarkdownPage';
import { BlogArchivePage, BlogListPage, BlogPostPage, BlogTagsPage } from './BlogPages';
import { ApiDownloadsPage, ApiLandingPage, ApiReferencePage, preloadApiLayout } from './ApiPages';
import { NotFoundPage } from './NotFoundPage';
import { ReactPage } from '../pages';

/** Load the code of the layout for `kind` when it is a lazily loaded one. */
export function preloadLayout(kind: PageLoaderData['page']['kind']): Promise<unknown> {
  return preloadApiLayout(kind);
}

export function Layout({ data }: { data: PageLoaderData }) {
  const { page, sidebar } = data;
  switch (page.kind) {
    case 'doc':
      return <DocPage page={page} sidebar={sidebar} />;
    case 'docCategory':
      return <DocCategoryPage page={page} sidebar={sidebar} />;
    case 'page':
      return <MarkdownPage page={page} />;
    case 'blogPost':
      return <BlogPostPage page={page} />;
    case 'blogList':
    case 'blogTag':
      return <BlogListPage page={page} />;
    case 'blogArchive':
      return <BlogArchivePage page={page} />;
    case 'blogTags':
      return <BlogTagsPage page={page} />;
    case 'apiLanding':
      return <ApiLandingPage page={page} />;
    case 'apiDownloads':
      return <ApiDownloadsPage page={page} />;
    case 'apiReference':
      return <ApiReferencePage page={page} />;
    case 'react':
      return <ReactPage page={page} />;
    case 'notFound':
      return <NotFoundPage />;
    default:
      throw new Error(`No layout for page kind "${(page as { kind: string }).kind}".`);
  }
}
