/**
 * Analytics, both from the site configuration: a page_view event for each route change, sent to the
 * web-analytics service (gtag: one tracking id, anonymize_ip as configured), and the help-desk
 * widget. Their scripts load asynchronously once the page is interactive, never blocking rendering;
 * without network access they fail quietly (the events stay queued in dataLayer).
 */
import { useEffect } from 'react';
import { useLocation } from '../lib/navigation';
import { useSite } from '../lib/site';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** Run `task` after the page has loaded and the browser is idle. */
export function afterInteractive(task: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(task, { timeout: 3000 }) : setTimeout(task, 1));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

export function loadScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

function startGtag(trackingId: string, anonymizeIp: boolean): void {
  if (window.gtag) return;
  const dataLayer = (window.dataLayer = window.dataLayer ?? []);
  window.gtag = function gtag() {
    // gtag.js reads the `arguments` object itself, not an array.
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  window.gtag('js', new Date());
  // Page views are sent by us, once per route change (the first one included).
  window.gtag('config', trackingId, { anonymize_ip: anonymizeIp, send_page_view: false });
  afterInteractive(() => loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(trackingId)}`));
}

export function useAnalytics(): void {
  const { analytics, helpDesk } = useSite();
  const { pathname } = useLocation();
  const { trackingId, anonymizeIp } = analytics;

  useEffect(() => {
    if (trackingId) startGtag(trackingId, anonymizeIp);
  }, [trackingId, anonymizeIp]);

  // After the page's own effects (its title is set), once per route: a new hash or query is not a page view.
  useEffect(() => {
    if (!trackingId) return;
    window.gtag?.('event', 'page_view', {
      page_title: document.title,
      page_location: window.location.href,
      page_path: pathname,
      send_to: trackingId,
    });
  }, [trackingId, pathname]);

  useEffect(() => {
    const url = helpDesk.scriptUrl;
    if (url) afterInteractive(() => loadScript(url));
  }, [helpDesk.scriptUrl]);
}
