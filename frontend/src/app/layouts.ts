/**
 * Every layout of the site, composed here above the layers that define them: the page kinds'
 * (layouts/) and the site's React pages' (pages/). The entry points hand `loadLayout` to the data
 * layer; `PageRoute` renders `Layout`; the prerender asks `layoutModule` which chunk a page needs.
 */
import { layoutRegistry } from '../layouts';
import { pageLayouts } from '../pages';

export const { layoutModule, loadLayout, Layout } = layoutRegistry(pageLayouts);
