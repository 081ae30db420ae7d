/** Blog layouts: a post, the paginated list (and tag pages), the archive. The tag list: TagPages.tsx. */
import type { BlogArchivePageData, BlogListPageData, BlogPostPageData, PostSummary } from '../types';
import { ArticleContent, RenderedContent } from './ArticleContent';
import { SiteLink } from '../lib/SiteLink';
import { MAIN_ID } from '../lib/ids';
import { Paginator, TagLinks } from './DocParts';
import { UntranslatedNotice } from './UntranslatedNotice';
import { TocColumn } from './TableOfContents';
import { withBase } from '../lib/paths';

function formatDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function PostHeader({ post, heading }: { post: PostSummary; heading: 'h1' | 'h2' }) {
  const Heading = heading;
  return (
    <header className="post-header">
      <Heading className="post-title">
        {heading === 'h1' ? post.title : <SiteLink href={post.href}>{post.title}</SiteLink>}
      </Heading>
      <p className="post-meta">
        <time dateTime={post.date}>{formatDate(post.date)}</time> · {post.readingTime} min read
      </p>
      {post.authors.length > 0 && (
        <ul className="post-authors">
          {post.authors.map((author) => (
            <li key={author.name} className="post-author">
              {author.imageUrl && <img src={withBase(author.imageUrl)} alt="" width="40" height="40" loading="lazy" />}
              <span>
                {author.url ? <a href={author.url}>{author.name}</a> : author.name}
                {author.title && <small>{author.title}</small>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </header>
  );
}

function PostTags({ post }: { post: PostSummary }) {
  return <TagLinks tags={post.tags} className="post-tags" />;
}

export function BlogPostPage({ page }: { page: BlogPostPageData }) {
  return (
    <main id={MAIN_ID} className="container page-main" tabIndex={-1}>
      <div className="doc-container">
        <div className="doc-column">
          <article className="markdown blog-post">
            <UntranslatedNotice page={page} />
            <PostHeader post={page.post} heading="h1" />
            <ArticleContent nodes={page.content} prerendered={page.prerendered} />
            <footer>
              <PostTags post={page.post} />
            </footer>
          </article>
          <Paginator
            prev={page.newer}
            next={page.older}
            label="Blog post page navigation"
            prevLabel="Newer post"
            nextLabel="Older post"
          />
        </div>
        <TocColumn toc={page.toc} />
      </div>
    </main>
  );
}

export function BlogListPage({ page }: { page: BlogListPageData }) {
  const { pagination } = page;
  return (
    <main id={MAIN_ID} className="container page-main blog-list" tabIndex={-1}>
      <header className="blog-list-header">
        <h1>{page.title}</h1>
        {page.tag ? (
          <SiteLink href={page.tag.allTagsHref}>View all tags</SiteLink>
        ) : (
          <p className="lead">{page.description}</p>
        )}
      </header>
      {page.posts.map((post) => (
        <article key={post.href} className="markdown blog-post-summary">
          <PostHeader post={post} heading="h2" />
          {post.excerpt && <RenderedContent nodes={post.excerpt} />}
          <footer className="post-summary-footer">
            <PostTags post={post} />
            {post.truncated && (
              <SiteLink href={post.href} className="read-more" aria-label={`Read more about ${post.title}`}>
                Read more
              </SiteLink>
            )}
          </footer>
        </article>
      ))}
      <Paginator
        prev={pagination.newer ? { label: 'Newer entries', href: pagination.newer } : null}
        next={pagination.older ? { label: 'Older entries', href: pagination.older } : null}
        label="Blog list page navigation"
        prevLabel={`Page ${pagination.page - 1} of ${pagination.pages}`}
        nextLabel={`Page ${pagination.page + 1} of ${pagination.pages}`}
      />
    </main>
  );
}

export function BlogArchivePage({ page }: { page: BlogArchivePageData }) {
  return (
    <main id={MAIN_ID} className="container page-main" tabIndex={-1}>
      <h1>{page.title}</h1>
      {page.years.map((year) => (
        <section key={year.year} className="archive-year">
          <h2>{year.year}</h2>
          <ul>
            {year.posts.map((post) => (
              <li key={post.href}>
                <SiteLink href={post.href}>
                  <time dateTime={post.date}>{formatDate(post.date)}</time> — {post.title}
                </SiteLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}

export { loadContent } from './ArticleContent';
