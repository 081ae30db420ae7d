/** API reference layouts: the landing page, the downloads page and one API's reference. */
import type { ApiLandingPageData, ApiReferencePageData, ApiSummary } from '../types';
import { Content } from '../content/Content';
import { SiteLink } from '../content/SiteLink';
import { MAIN_ID } from '../chrome/SkipToContent';
import { withBase } from '../lib/paths';

function Servers({ api }: { api: ApiSummary }) {
  return (
    <dl className="api-servers">
      {api.servers.map((server) => (
        <div key={server.url}>
          <dt>{server.description}</dt>
          <dd>
            <code>{server.url}</code>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ApiLandingPage({ page }: { page: ApiLandingPageData }) {
  return (
    <main id={MAIN_ID} className="container page-main" tabIndex={-1}>
      <header className="page-header">
        <h1>{page.title}</h1>
        <p className="lead">{page.description}</p>
      </header>
      <ul className="card-grid api-cards">
        {page.apis.map((api) => (
          <li key={api.name} className="card api-card">
            <h2 className="card-title">
              <SiteLink href={api.href}>{api.title}</SiteLink>
            </h2>
            <p className="api-version">Version {api.version} · {api.operations} operations</p>
            <p className="card-description">{api.summary}</p>
            <Servers api={api} />
          </li>
        ))}
      </ul>
    </main>
  );
}

export function ApiDownloadsPage({ page }: { page: ApiLandingPageData }) {
  return (
    <main id={MAIN_ID} className="container page-main markdown" tabIndex={-1}>
      <h1>{page.title}</h1>
      <p className="lead">{page.description}</p>
      {page.apis.map((api) => (
        <section key={api.name} className="spec-download">
          <h2 id={api.name}>
            {api.title} <span className="badge">v{api.version}</span>
          </h2>
          <p>{api.summary}</p>
          <p className="download-links">
            <a href={withBase(api.downloads.yaml)} download>
              Download {api.name}.yaml
            </a>
            <a href={withBase(api.downloads.json)} download>
              Download {api.name}.json
            </a>
            <SiteLink href={api.href}>Read the reference</SiteLink>
          </p>
          {api.changelog.length > 0 && (
            <>
              <h3>Changes</h3>
              <ul className="changelog">
                {api.changelog.map((entry) => (
                  <li key={entry.version}>
                    <b>{entry.version}</b> ({entry.date}): {entry.changes.join(' ')}
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

export function ApiReferencePage({ page }: { page: ApiReferencePageData }) {
  return (
    <main id={MAIN_ID} className="container page-main api-reference" tabIndex={-1}>
      <div className="doc-container">
        <nav className="api-nav" aria-label={`${page.title} operations`}>
          {page.groups.map((group) => (
            <div key={group.name}>
              <p className="api-nav-group">{group.name}</p>
              <ul>
                {group.operations.map((op) => (
                  <li key={op.id}>
                    <a href={`#operation-${op.id}`}>
                      <span className={`http-method http-method-${op.method.toLowerCase()}`}>{op.method}</span>{' '}
                      {op.summary}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <article className="markdown doc-column">
          <h1>{page.title}</h1>
          <p className="api-version">Version {page.api.version}</p>
          <Content nodes={page.intro} />
          <h2 id="servers">Servers</h2>
          <Servers api={page.api} />
          {page.groups.map((group) => (
            <section key={group.name}>
              <h2 id={`tag-${group.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`}>{group.name}</h2>
              {group.description && <p>{group.description}</p>}
              {group.operations.map((op) => (
                <section key={op.id} id={`operation-${op.id}`} className="api-operation">
                  <h3>{op.summary}</h3>
                  <p className="api-operation-path">
                    <span className={`http-method http-method-${op.method.toLowerCase()}`}>{op.method}</span>{' '}
                    <code>{op.path}</code>
                  </p>
                  <Content nodes={op.description} />
                </section>
              ))}
            </section>
          ))}
        </article>
      </div>
    </main>
  );
}
