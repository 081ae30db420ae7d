/**
 * The API reference layouts, with their stylesheet: loaded only on API pages, as the chunk of
 * layouts/ApiPages.tsx.
 */
import '../styles/api.css';

export { ApiChangelogPage } from './Changelog';
export { ApiDownloadsPage, ApiLandingPage } from './Landing';
export { ApiReferencePage } from './Reference';
