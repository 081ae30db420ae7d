import { describe, expect, it } from 'vitest';
import { notFoundRoutes } from './data';

describe('notFoundRoutes', () => {
  it('lists the sections’ own not-found pages, closest first, then the site’s', () => {
    expect(notFoundRoutes('/specification/catalog/extra')).toEqual(['/specification/catalog/404', '/specification/404', '/404']);
    expect(notFoundRoutes('/specification/foo')).toEqual(['/specification/404', '/404']);
    expect(notFoundRoutes('/nope')).toEqual(['/404']);
    expect(notFoundRoutes('/')).toEqual(['/404']);
  });
});
