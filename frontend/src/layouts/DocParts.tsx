/** Pieces of a doc page: breadcrumbs, previous/next, footer (tags, last updated, edit link); the tag
 * links are a blog post's too. */
import type { Crumb, DocInfo, Link } from '../types';
import { SiteLink } from '../lib/SiteLink';

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={index} className={last ? 'breadcrumb-active' : undefined}>
              {crumb.href && !last ? (
                <SiteLink href={crumb.href} className="breadcrumb-link">
                  {index === 0 && crumb.label === 'Home' ? <HomeIcon /> : crumb.label}
                </SiteLink>
              ) : (
                <span className="breadcrumb-link" aria-current={last ? 'page' : undefined}>
                  {crumb.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function HomeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" role="img" aria-label="Home page">
      <path fill="currentColor" d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6a1 1 0 00-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z" />
    </svg>
  );
}

interface PaginatorProps {
  prev: Link | null;
  next: Link | null;
  /** The navigation landmark's name. */
  label?: string;
  /** The small words above each link. */
  prevLabel?: string;
  nextLabel?: string;
}

/** Previous and next pages, side by side (stacked on narrow screens). Nothing when there are neither. */
export function Paginator({ prev, next, label = 'Docs pages', prevLabel = 'Previous', nextLabel = 'Next' }: PaginatorProps) {
  if (!prev && !next) return null;
  return (
    <nav className="paginator" aria-label={label}>
      {prev && (
        <SiteLink href={prev.href} className="paginator-link paginator-prev" rel="prev">
          <span className="paginator-sublabel">{prevLabel}</span>
          <span className="paginator-label">{prev.label}</span>
        </SiteLink>
      )}
      {next && (
        <SiteLink href={next.href} className="paginator-link paginator-next" rel="next">
          <span className="paginator-sublabel">{nextLabel}</span>
          <span className="paginator-label">{next.label}</span>
        </SiteLink>
      )}
    </nav>
  );
}

/** Under a doc: its tags, then "Edit this page" and "Last updated". Nothing when it has none of them. */
export function DocFooter({ doc }: { doc: DocInfo }) {
  if (!doc.lastUpdated && !doc.editUrl && !doc.tags?.length) return null;
  const date = doc.lastUpdated ? new Date(doc.lastUpdated) : null;
  return (
    <div className="doc-footer">
      <TagLinks tags={doc.tags} className="doc-tags" />
      {(doc.editUrl || date) && (
        <div className="doc-footer-row">
          {doc.editUrl && (
            <a href={doc.editUrl} target="_blank" rel="noopener noreferrer" className="edit-link">
              Edit this page
            </a>
          )}
          {date && (
            <span className="last-updated">
              Last updated on{' '}
              <time dateTime={doc.lastUpdated ?? undefined}>
                {date.toLocaleDateString('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })}
              </time>
            </span>
          )}
        </div>
      )}
    </div>
  );
}

/** "Tags: a b c" under a post or a doc; nothing when there are none. */
export function TagLinks({ tags, className }: { tags: Link[] | undefined; className: string }) {
  if (!tags?.length) return null;
  return (
    <p className={`tag-links ${className}`}>
      <b>Tags:</b>{' '}
      {tags.map((tag) => (
        <SiteLink key={tag.href} href={tag.href} className="tag">
          {tag.label}
        </SiteLink>
      ))}
    </p>
  );
}

