import { SiteLink } from '../lib/SiteLink';
import { MAIN_ID } from '../lib/ids';

export function NotFoundPage() {
  return (
    <main id={MAIN_ID} className="container page-main not-found" tabIndex={-1}>
      <h1>Page not found</h1>
      <p>We could not find what you were looking for. The page may have moved, or the link may be wrong.</p>
      <ul>
        <li>
          <SiteLink href="/docs/">Read the documentation</SiteLink>
        </li>
        <li>
          <SiteLink href="/specification/">Browse the API reference</SiteLink>
        </li>
        <li>
          <SiteLink href="/contact/">Tell us about the broken link</SiteLink>
        </li>
      </ul>
    </main>
  );
}
