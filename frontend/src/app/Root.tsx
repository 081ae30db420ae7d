/** The chrome around every page: skip link, announcement bar, navbar, main area, footer. */
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLoaderData, useRouteLoaderData } from 'react-router';
import type { PageLoaderData, SiteData } from '../types';
import { ColorModeProvider } from '../lib/colorMode';
import { configureStorage } from '../lib/storage';
import { setBuildId } from '../lib/data';
import { SiteContext } from './site';
import { SkipToContent } from '../chrome/SkipToContent';
import { AnnouncementBar } from '../chrome/AnnouncementBar';
import { Navbar } from '../chrome/Navbar';
import { Footer } from '../chrome/Footer';
import { clearReloadGuard } from './errors';
import { SearchHighlighter } from '../search';

export function Root() {
  const site = useLoaderData() as SiteData;
  const pageData = useRouteLoaderData('page') as PageLoaderData | undefined;
  configureStorage(site.storage);
  setBuildId(site.buildId);
  useEffect(() => clearReloadGuard(), []);

  return (
    <SiteContext.Provider value={site}>
      <ColorModeProvider settings={site.colorMode}>
        <SkipToContent />
        <AnnouncementBar />
        <Navbar />
        <div className="main-wrapper">
          <Outlet />
        </div>
        {!pageData?.page.hideFooter && <Footer />}
        <ScrollRestoration />
        <SearchHighlighter />
      </ColorModeProvider>
    </SiteContext.Provider>
  );
}
