import { describe, expect, it } from 'vitest';
import { dataKey, isRouteLink, pageDataPath, strippedHtmlRoute } from './paths';

describe('paths', () => {
  it('maps routes to page data files', () => {
    expect(dataKey('/')).toBe('index');
    expect(dataKey('/docs/')).toBe('docs');
    expect(pageDataPath('/docs/environments')).toBe('_data/page/docs/environments.json');
  });

  it('strips .html and /index.html', () => {
    expect(strippedHtmlRoute('/docs/environments.html')).toBe('/docs/environments');
    expect(strippedHtmlRoute('/docs/authentication/index.html')).toBe('/docs/authentication');
    expect(strippedHtmlRoute('/index.html')).toBe('/');
    expect(strippedHtmlRoute('/docs/x')).toBeNull();
  });

  it('tells routes from files and other sites', () => {
    expect(isRouteLink('/docs/x#y')).toBe(true);
    expect(isRouteLink('/docs/x.html')).toBe(true);
    expect(isRouteLink('/spec/catalog.yaml')).toBe(false);
    expect(isRouteLink('https://example.com/docs')).toBe(false);
    expect(isRouteLink('//cdn.example.com/x')).toBe(false);
  });
});
