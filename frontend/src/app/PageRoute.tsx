/** One page: its head tags, then the layout its data's `kind` names, inside a crash boundary. */
import { useEffect, useRef } from 'react';
import { useLoaderData, useLocation } from 'react-router';
import type { PageLoaderData } from '../types';
import { applyHead } from './head';
import { useSite } from './site';
import { CrashBoundary } from './errors';
import { Layout } from '../layouts';

export function PageRoute() {
  const data = useLoaderData() as PageLoaderData;
  const site = useSite();
  const { pathname } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false; // the prerendered head is already right
      return;
    }
    applyHead(data.page.meta, site);
  }, [data, site]);

  return (
    <CrashBoundary resetKey={pathname}>
      <Layout data={data} key={pathname} />
    </CrashBoundary>
  );
}
