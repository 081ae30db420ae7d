/** The API reference landing page (/specification/) and the downloads page (/spec). */
import type { ApiDownloadsPageData, ApiLandingPageData, ApiSummary } from '../types';
import { Content } from '../renderers/Content';
import { SiteLink } from '../lib/SiteLink';
import { MAIN_ID } from '../lib/ids';
import { useLocation } from '../lib/navigation';
import { withBase } from '../lib/paths';
import { useHydrated } from '../lib/useHydrated';

function Downloads({ api }: { api: ApiSummary }) {
  return (
    <>
      <a href={withBase(api.downloads.yaml)} download>
        {api.name}.yaml
      </a>
      <a href={withBase(api.downloads.json)} download>
        {api.name}.json
      </a>
      <a href={withBase(api.postman.collection)} download>
        Postman collection
      </a>
    </>
  );
}

export function ApiLandingPage({ page }: { page: ApiLandingPageData }) {
  const { pathname } = useLocation();
  // The page is prerendered once and served for every such address: the address shows once hydrated.
  const hydrated = useHydrated();
  return (
    <main id={MAIN_ID} className="container page-main" tabIndex={-1}>
      <header className="page-header">
        <h1>{page.title}</h1>
        <p className="lead">{page.description}</p>
      </header>
      {page.notFound && (
        <div className="admonition admonition-warning api-not-found" role="note">
          <p className="admonition-heading">
            <span className="admonition-icon" aria-hidden="true" />
            API not found
          </p>
          <div className="admonition-content">
            <p>
              There is no API reference at {hydrated ? <code>{pathname}</code> : 'this address'}. The Onebox APIs are
              listed below.
            </p>
          </div>
        </div>
      )}
      <ul className="card-grid api-cards">
        {page.apis.map((api) => (
          <li key={api.name} className="card api-card">
            <h2>
              <SiteLink href={api.href}>{api.title}</SiteLink> <span className="badge">v{api.version}</span>
            </h2>
            <p>{api.summary}</p>
            <dl className="api-card-facts">
              {api.servers.map((server) => (
                <div key={server.url}>
                  <dt>{server.description}</dt>
                  <dd>
                    <code>{server.url + api.basePath}</code>
                  </dd>
                </div>
              ))}
              {api.scopes.length > 0 && (
                <div>
                  <dt>Scopes</dt>
                  <dd>
                    {api.scopes.map((scope) => (
                      <code key={scope}>{scope}</code>
                    ))}
                  </dd>
                </div>
              )}
            </dl>
            <p className="api-card-links">
              <SiteLink href={api.href}>Reference ({api.operations} operations)</SiteLink>
              <SiteLink href={api.changelogPage}>Changelog</SiteLink>
              <Downloads api={api} />
            </p>
          </li>
        ))}
      </ul>
      <p>
        All six specifications, with their change history: <SiteLink href="/spec">OpenAPI specifications</SiteLink>.
      </p>
    </main>
  );
}

export function ApiDownloadsPage({ page }: { page: ApiDownloadsPageData }) {
  return (
    <main id={MAIN_ID} className="container page-main markdown" tabIndex={-1}>
      <h1>{page.title}</h1>
      <p className="lead">{page.description}</p>
      {page.apis.map((api) => (
        <section key={api.name} className="spec-download">
          <h2 id={api.name}>
            {api.title} <span className="badge">v{api.version}</span>
          </h2>
          <p>
            {api.summary} OpenAPI {api.openapi}.
          </p>
          <p className="api-card-links">
            <Downloads api={api} />
            {api.postman.environments.map((environment) => (
              <a key={environment.href} href={withBase(environment.href)} download>
                {environment.name} environment
              </a>
            ))}
            <SiteLink href={api.href}>Read the reference</SiteLink>
            <SiteLink href={api.changelogPage}>Changelog</SiteLink>
          </p>
          {api.postman.environments.length > 0 && (
            <p>
              Each Postman environment holds its server&apos;s base URL and the token URL of the same environment:
              select it in Postman and fill in your client id and secret.
            </p>
          )}
          {api.changelog.length > 0 && (
            <>
              <h3>Changes</h3>
              <ul className="changelog">
                {api.changelog.map((entry) => (
                  <li key={entry.version}>
                    <b>{entry.version}</b> <time dateTime={entry.date}>{entry.date}</time>
                    <ul>
                      {entry.changes.map((change, index) => (
                        <li key={index}>
                          <Content nodes={change} />
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      ))}
    </main>
  );
}
