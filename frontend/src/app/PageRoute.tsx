/**
 * The page on screen: its head tags, then the layout its data's `kind` names, inside a crash
 * boundary; or, when the page could not be loaded, the load-failure box.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from '../lib/navigation';
import { applyHead } from './head';
import { useSite } from '../lib/site';
import { usePageState } from '../lib/router';
import { CrashBoundary, CrashScreen, LoadFailure, clearReloadGuard } from './errors';
import { PageLoadError } from '../lib/data';
import { Layout } from './layouts';

export function PageRoute() {
  const { data, error } = usePageState();
  const site = useSite();
  const { pathname } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (!data) return;
    clearReloadGuard(); // a page loaded fine: a later failure may reload again
    if (first.current) {
      first.current = false; // the prerendered head is already right
      return;
    }
    applyHead(data.page.meta, site);
  }, [data, site]);

  if (!data) {
    return error instanceof PageLoadError ? (
      <LoadFailure error={error} />
    ) : (
      <CrashScreen error={error} onTryAgain={() => window.location.reload()} />
    );
  }
  return (
    <CrashBoundary resetKey={pathname}>
      <Layout data={data} key={pathname} />
    </CrashBoundary>
  );
}
