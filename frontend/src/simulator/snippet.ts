import type { SiteData } from '../types';

/** Where the site serves the sandbox widget, as an absolute URL for embed code. */
export function sandboxScriptUrl(site: Pick<SiteData, 'url' | 'baseUrl'>): string {
  return `${site.url.replace(/\/$/, '')}${site.baseUrl}widget/onebox-widget.js`;
}
