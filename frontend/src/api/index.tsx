/**
 * The API reference layouts: a chunk of its own, loaded only on API pages (layouts/ApiPages.tsx),
 * with its stylesheet.
 */
import '../styles/api.css';

export { ApiDownloadsPage, ApiLandingPage } from './Landing';
export { ApiReferencePage } from './Reference';
