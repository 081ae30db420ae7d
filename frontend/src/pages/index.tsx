/** Site pages rendered by React components (`content/pages/*.yaml` names the component and its props). */
import type { ComponentType } from 'react';
import type { ReactPageData } from '../types';
import type { LayoutModule } from '../layouts';
import registry from '../registry.json';
import { UntranslatedNotice } from '../layouts/UntranslatedNotice';

type PageName = (typeof registry.pages)[number];

/* eslint-disable @typescript-eslint/no-explicit-any */
const as = (Page: ComponentType<any>) =>
  function ReactPage({ data }: { data: { page: unknown } }) {
    const page = data.page as ReactPageData;
    const rendered = <Page title={page.title} {...page.props} />;
    if (!page.untranslated) return rendered;
    // The component owns its <main>: the notice of a page not translated yet is a landmark above it.
    return (
      <>
        <aside className="container page-untranslated" aria-label="Translation">
          <UntranslatedNotice page={page} />
        </aside>
        {rendered}
      </>
    );
  };
/* eslint-enable @typescript-eslint/no-explicit-any */

/** One chunk per page component, loaded like a layout (layouts/index.tsx). */
export const pageLayouts: Record<PageName, LayoutModule> & Record<string, LayoutModule | undefined> = {
  Home: { module: 'src/pages/Home.tsx', load: () => import('./Home').then((m) => as(m.Home)) },
  WidgetTests: { module: 'src/pages/WidgetTests.tsx', load: () => import('./WidgetTests').then((m) => as(m.WidgetTests)) },
  // The search page (`/search?q=`): its code, the search client and search.css load only there.
  SearchPage: { module: 'src/search/SearchPage.tsx', load: () => import('../search/SearchPage').then((m) => as(m.default)) },
};
