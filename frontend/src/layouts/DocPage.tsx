/** A doc: sidebar, breadcrumbs, title, content, previous/next, and the table of contents. */
import { useMemo } from 'react';
import type { DocCategoryPageData, DocPageData, SidebarData, VersionBannerData } from '../types';
import { ArticleContent } from './ArticleContent';
import { SiteLink } from '../lib/SiteLink';
import { MAIN_ID } from '../lib/ids';
import { SecondaryMenuFiller } from '../lib/secondaryMenu';
import { DocSidebar, SidebarMenu } from './DocSidebar';
import { TocColumn, TableOfContentsMobile } from './TableOfContents';
import { Breadcrumbs, DocFooter, Paginator } from './DocParts';
import { UntranslatedNotice } from './UntranslatedNotice';
import { PageActions } from './PageActions';

function DocFrame({ sidebar, children }: { sidebar: SidebarData | null; children: React.ReactNode }) {
  // The same sidebar in the mobile sidebar's secondary menu (one element per sidebar: it is refilled
  // only when the sidebar changes).
  const mobileMenu = useMemo(() => sidebar && <SidebarMenu items={sidebar.items} />, [sidebar]);
  return (
    <div className={`doc-frame${sidebar ? ' with-sidebar' : ''}`}>
      {sidebar && <DocSidebar items={sidebar.items} sidebarId={sidebar.id} />}
      {mobileMenu && <SecondaryMenuFiller>{mobileMenu}</SecondaryMenuFiller>}
      <main id={MAIN_ID} className="doc-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

export function DocPage({ page, sidebar }: { page: DocPageData; sidebar: SidebarData | null }) {
  const { doc } = page;
  return (
    <DocFrame sidebar={sidebar}>
      <div className="doc-container">
        <div className="doc-column">
          <div className="doc-top">
            <Breadcrumbs crumbs={doc.breadcrumbs} />
            {doc.markdown && <PageActions markdown={doc.markdown} />}
          </div>
          {doc.versionInfo?.banner && <VersionBanner label={doc.versionInfo.label} banner={doc.versionInfo.banner} />}
          <UntranslatedNotice page={page} />
          {(doc.draft || doc.unlisted) && <VisibilityBanner draft={!!doc.draft} />}
          {doc.versionInfo?.badge && <span className="badge doc-version-badge">Version: {doc.versionInfo.label}</span>}
          <article className="markdown doc-article">
            {!doc.hideTitle && (
              <header>
                <h1>{page.title}</h1>
              </header>
            )}
            <TableOfContentsMobile toc={page.toc} />
            <ArticleContent nodes={page.content} prerendered={page.prerendered} />
          </article>
          <DocFooter doc={doc} />
          <Paginator prev={doc.prev} next={doc.next} />
        </div>
        <TocColumn toc={page.toc} />
      </div>
    </DocFrame>
  );
}

/**
 * On a version that is not the latest: unreleased (`current` once a version is released) or no longer
 * maintained; links to this page in the latest version (its root when the page is not there).
 */
function VersionBanner({ label, banner }: { label: string; banner: VersionBannerData }) {
  return (
    <div className="admonition admonition-warning doc-version-banner" role="note">
      <div className="admonition-content">
        <p>
          {banner.kind === 'unreleased'
            ? `This is documentation for version ${label}, which is not yet released.`
            : `This is documentation for version ${label}, which is no longer maintained.`}{' '}
          See the <SiteLink href={banner.latestHref}>latest version</SiteLink> ({banner.latestLabel}).
        </p>
      </div>
    </div>
  );
}

/** Tells the writer (in `docsite dev`) or the reader with the link that the page is not published as usual. */
function VisibilityBanner({ draft }: { draft: boolean }) {
  return (
    <div className="admonition admonition-warning doc-visibility" role="note">
      <p className="admonition-heading">
        <span className="admonition-icon" aria-hidden="true" />
        {draft ? 'Draft page' : 'Unlisted page'}
      </p>
      <div className="admonition-content">
        <p>
          {draft
            ? 'This page is a draft: it is built in development only and left out of the published site.'
            : 'This page is unlisted: search engines will not index it, and only readers with a direct link can see it.'}
        </p>
      </div>
    </div>
  );
}

export function DocCategoryPage({ page, sidebar }: { page: DocCategoryPageData; sidebar: SidebarData | null }) {
  return (
    <DocFrame sidebar={sidebar}>
      <div className="doc-container">
        <div className="doc-column">
          <Breadcrumbs crumbs={page.doc.breadcrumbs} />
          <article className="markdown doc-article">
            <header>
              <h1>{page.title}</h1>
              {page.description && <p className="lead">{page.description}</p>}
            </header>
            <ul className="card-grid category-cards">
              {page.items.map((item) => (
                <li key={item.href}>
                  <SiteLink href={item.href} className={`card category-card category-card-${item.type}`}>
                    <span className="card-title">
                      <span className="category-card-icon" aria-hidden="true" />
                      {item.label}
                    </span>
                    {item.description && <span className="card-description">{item.description}</span>}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </article>
          <Paginator prev={page.doc.prev} next={page.doc.next} />
        </div>
      </div>
    </DocFrame>
  );
}

export { loadContent } from './ArticleContent';
