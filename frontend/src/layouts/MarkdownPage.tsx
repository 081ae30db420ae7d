/** A Markdown page of the site (FAQ, contact): title, content, table of contents. */
import type { MarkdownPageData } from '../types';
import { Content } from '../renderers/Content';
import { MAIN_ID } from '../lib/ids';
import { TocColumn } from './TableOfContents';
import { UntranslatedNotice } from './UntranslatedNotice';

export function MarkdownPage({ page }: { page: MarkdownPageData }) {
  return (
    <main id={MAIN_ID} className="container page-main" tabIndex={-1}>
      <div className="doc-container">
        <article className="markdown doc-column">
          <UntranslatedNotice page={page} />
          <h1>{page.title}</h1>
          <Content nodes={page.content} />
        </article>
        <TocColumn toc={page.toc} />
      </div>
    </main>
  );
}
