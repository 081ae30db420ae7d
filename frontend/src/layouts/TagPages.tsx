/**
 * Tag pages, for the blog and the docs alike: the page of every tag with its count (`/blog/tags`,
 * `/docs/tags`), and the page of one docs tag (`/docs/tags/<tag>`; a blog tag's page is the blog's
 * list of posts). A page's own tag links are `TagLinks` (DocParts.tsx).
 */
import type { DocTagPageData, TagsPageData } from '../types';
import { SiteLink } from '../lib/SiteLink';
import { MAIN_ID } from '../lib/ids';

export function TagsPage({ page }: { page: TagsPageData }) {
  return (
    <main id={MAIN_ID} className="container page-main" tabIndex={-1}>
      <h1>{page.title}</h1>
      <ul className="tag-list">
        {page.tags.map((tag) => (
          <li key={tag.href}>
            <SiteLink href={tag.href} className="tag">
              {tag.label} <span className="tag-count">{tag.count}</span>
            </SiteLink>
          </li>
        ))}
      </ul>
    </main>
  );
}

export function DocTagPage({ page }: { page: DocTagPageData }) {
  return (
    <main id={MAIN_ID} className="container page-main tag-page" tabIndex={-1}>
      <header className="tag-page-header">
        <h1>{page.title}</h1>
        <SiteLink href={page.tag.allTagsHref}>View all tags</SiteLink>
      </header>
      {page.docs.map((doc) => (
        <article key={doc.href} className="tag-page-doc">
          <h2>
            <SiteLink href={doc.href}>{doc.title}</SiteLink>
          </h2>
          <p>{doc.description}</p>
        </article>
      ))}
    </main>
  );
}
