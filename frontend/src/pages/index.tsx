/** Site pages rendered by React components (`content/pages/*.yaml` names the component and its props). */
import type { ComponentType } from 'react';
import type { ReactPageData } from '../types';
import registry from '../registry.json';
import { Home } from './Home';
import { WidgetTests } from './WidgetTests';
import { SearchPage } from '../search';

type PageName = (typeof registry.pages)[number];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const pageComponents: Record<PageName, ComponentType<any>> = { Home, WidgetTests, SearchPage };

export function ReactPage({ page }: { page: ReactPageData }) {
  const Page = pageComponents[page.component];
  if (!Page) throw new Error(`No page component named "${page.component}" (frontend/src/pages/index.tsx).`);
  return <Page title={page.title} {...page.props} />;
}
