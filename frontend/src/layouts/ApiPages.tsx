/**
 * The API reference layouts (src/api/, with styles/api.css): a chunk of their own that only API
 * pages load (layouts/index.tsx), as every layout is.
 */
export { ApiChangelogPage, ApiDownloadsPage, ApiLandingPage, ApiReferencePage } from '../api';
