import type { SiteData } from '../types';
import { createRequiredContext } from './context';

const [SiteContext, useSite] = createRequiredContext<SiteData>('Site');
export { SiteContext, useSite };
