/**
 * The whole app around a page: site data, router, colour mode, and the chrome (skip link, progress
 * bar, announcement bar, navbar, main area, footer), with the site-wide behaviour: scrolling after
 * navigation, the keyboard-navigation marker, analytics, the search highlighter.
 */
import type { PageLoaderData, SiteData } from '../types';
import { ColorModeProvider } from '../lib/colorMode';
import { configureStorage } from '../lib/storage';
import { setBuildId } from '../lib/data';
import { useKeyboardNavigationMarker } from '../lib/keyboardNavigation';
import { SecondaryMenuProvider } from '../lib/secondaryMenu';
import { SiteContext } from '../lib/site';
import { PageRouter, usePageData, type PageHistory } from '../lib/router';
import { PageRoute } from './PageRoute';
import { CrashBoundary } from './errors';
import { useScrollAfterNavigation } from './scroll';
import { useAnalytics } from './analytics';
import { useReplayEarlyClicks } from './earlyClicks';
import { SkipToContent } from '../chrome/SkipToContent';
import { ProgressBar } from '../chrome/ProgressBar';
import { AnnouncementBar } from '../chrome/AnnouncementBar';
import { Navbar } from '../chrome/Navbar';
import { Footer } from '../chrome/Footer';
import { SearchHighlighter } from '../search';

export function Root({ site, history, initial }: { site: SiteData; history: PageHistory; initial: PageLoaderData }) {
  configureStorage(site.storage);
  setBuildId(site.buildId);
  return (
    <SiteContext.Provider value={site}>
      <PageRouter history={history} basename={site.baseUrl.replace(/\/$/, '') || '/'} initial={initial}>
        <ColorModeProvider settings={site.colorMode}>
          <SecondaryMenuProvider>
            <CrashBoundary>
              <Chrome />
            </CrashBoundary>
          </SecondaryMenuProvider>
        </ColorModeProvider>
      </PageRouter>
    </SiteContext.Provider>
  );
}

function Chrome() {
  const pageData = usePageData();
  useScrollAfterNavigation();
  useKeyboardNavigationMarker();
  useAnalytics();
  useReplayEarlyClicks();
  return (
    <>
      <SkipToContent />
      <ProgressBar />
      <AnnouncementBar />
      <Navbar />
      <div className="main-wrapper">
        <PageRoute />
      </div>
      {!pageData?.page.hideFooter && <Footer />}
      <SearchHighlighter />
    </>
  );
}
