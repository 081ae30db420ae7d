/**
 * One API's reference page: introduction, authentication, servers, the operations by tag, webhooks,
 * schemas and error codes, with the navigation column. Deep links (`#operation-…`, `#schema-…`)
 * work on load and after client-side navigation: the target is scrolled below the navbar, and a
 * collapsed schema it names opens.
 */
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from '../lib/navigation';
import type { ApiReferencePageData, ApiSecurityScheme, ApiServer } from '../types';
import { MAIN_ID } from '../lib/ids';
import { withBase } from '../lib/paths';
import { SiteLink } from '../lib/SiteLink';
import { ApiContext, type ApiTables } from './context';
import { ApiNav, ApiNavMobile } from './Nav';
import { Operation } from './Operation';
import { SchemaEntry } from './Schema';
import { Text } from './Text';
import { TableWrapper } from '../renderers/TableWrapper';

/**
 * Scroll to the location's hash target once it is rendered (opening the schema it names), below
 * the navbar (the page's scroll-padding). The jump is instant (api.css: the page is very long).
 */
export function useHashTarget(setSchemaOpen: (name: string, open: boolean) => void) {
  const { hash } = useLocation();
  useEffect(() => {
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    if (!id) return;
    if (id.startsWith('schema-')) setSchemaOpen(id.slice('schema-'.length), true);
    let timer = 0;
    const frame = window.requestAnimationFrame(() => {
      const target = document.getElementById(id);
      if (!target) return;
      target.scrollIntoView({ behavior: 'instant' });
      // Content above the target may still change height (remembered tab choices, code samples):
      // if the reader has not scrolled since, put it back in place.
      const scrolled = window.scrollY;
      const top = target.getBoundingClientRect().top;
      timer = window.setTimeout(() => {
        if (window.scrollY === scrolled && Math.abs(target.getBoundingClientRect().top - top) > 1) {
          target.scrollIntoView({ behavior: 'instant' });
        }
      }, 150);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [hash, setSchemaOpen]);
}

export function ApiReferencePage({ page }: { page: ApiReferencePageData }) {
  const [openSchemas, setOpenSchemas] = useState<ReadonlySet<string>>(() => new Set());
  const setSchemaOpen = useCallback((name: string, open: boolean) => {
    setOpenSchemas((current) => {
      if (current.has(name) === open) return current;
      const next = new Set(current);
      if (open) next.add(name);
      else next.delete(name);
      return next;
    });
  }, []);
  const tables: ApiTables = useMemo(
    () => ({ page, schemas: page.schemas ?? {}, responses: page.responses ?? {}, openSchemas, setSchemaOpen }),
    [page, openSchemas, setSchemaOpen],
  );
  useHashTarget(setSchemaOpen);
  const { api } = page;

  return (
    <ApiContext.Provider value={tables}>
      <div className="api-page">
        {/* Suspense boundaries split hydration into short tasks: the page's own shell first, then
            each navigation, operation and list in turn, yielding to the browser in between. */}
        <Suspense fallback={null}>
          <ApiNav page={page} />
        </Suspense>
        <main id={MAIN_ID} className="api-main" tabIndex={-1}>
          <Suspense fallback={null}>
            <ApiNavMobile page={page} />
          </Suspense>
          <article className="markdown api-article">
            <header className="api-header">
              <h1>{page.title}</h1>
              <p className="api-meta">
                <span className="badge">v{api.version}</span> OpenAPI {api.openapi} ·{' '}
                <a href={withBase(api.downloads.yaml)} download>
                  {api.name}.yaml
                </a>{' '}
                ·{' '}
                <a href={withBase(api.downloads.json)} download>
                  {api.name}.json
                </a>{' '}
                ·{' '}
                <a href={withBase(api.postman.collection)} download>
                  Postman collection
                </a>{' '}
                · <SiteLink href={api.changelogPage}>Changelog</SiteLink>
              </p>
            </header>
            <section id="introduction" className="api-section">
              <Text value={page.intro} />
            </section>
            {page.securitySchemes && <Authentication page={page} schemes={page.securitySchemes} />}
            {page.servers && <Servers servers={page.servers} basePath={api.basePath} />}
            {page.groups?.map((group) => (
              <section key={group.id} id={group.id} className="api-section api-group">
                <h2>{group.name}</h2>
                <Text value={group.description} />
                {group.operations.map((op) => (
                  <Suspense key={op.id} fallback={null}>
                    <Operation op={op} security={page.security} />
                  </Suspense>
                ))}
              </section>
            ))}
            {page.webhooks && (
              <section id="webhooks" className="api-section api-group">
                <h2>Webhooks</h2>
                <p>Requests Onebox sends to the endpoint you register, when something happens.</p>
                {page.webhooks.map((op) => (
                  <Suspense key={op.id} fallback={null}>
                    <Operation op={op} />
                  </Suspense>
                ))}
              </section>
            )}
            {page.schemas && (
              <section id="schemas" className="api-section">
                <h2>Schemas</h2>
                <Suspense fallback={null}>
                  {Object.entries(page.schemas).map(([name, node]) => (
                    <SchemaEntry key={name} name={name} node={node} />
                  ))}
                </Suspense>
              </section>
            )}
            {page.errors && (
              <Suspense fallback={null}>
                <ErrorCodes errors={page.errors} />
              </Suspense>
            )}
          </article>
        </main>
      </div>
    </ApiContext.Provider>
  );
}

function ErrorCodes({ errors }: { errors: NonNullable<ApiReferencePageData['errors']> }) {
  return (
    <section id="errors" className="api-section">
      <h2>Error codes</h2>
      <p>
        Every error answers the same body (<a href="#schema-Error">Error</a> when the API defines it) with one of
        these codes:
      </p>
      <TableWrapper label="Error codes">
        <table className="api-errors">
          <thead>
            <tr>
              <th>Code</th>
              <th>Status</th>
              <th>When</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((error) => (
              <tr key={error.code} id={`error-${error.code}`}>
                <td>
                  <code>{error.code}</code>
                </td>
                <td>{error.status}</td>
                <td>
                  <Text value={error.description} inline />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrapper>
    </section>
  );
}

function Authentication({ page, schemes }: { page: ApiReferencePageData; schemes: ApiSecurityScheme[] }) {
  const needed = new Set((page.security ?? []).flat().flatMap((need) => need.scopes));
  return (
    <section id="authentication" className="api-section">
      <h2>Authentication</h2>
      {needed.size > 0 && (
        <p>
          This API needs the scope{needed.size > 1 ? 's' : ''}{' '}
          {[...needed].map((scope, index) => (
            <span key={scope}>
              {index > 0 && ', '}
              <code>{scope}</code>
            </span>
          ))}
          ; an operation that needs another says so.
        </p>
      )}
      {schemes.map((scheme) => (
        <div key={scheme.name} className="api-scheme">
          <h3>
            {scheme.label} <code>{scheme.name}</code>
          </h3>
          <Text value={scheme.description} />
          {scheme.bearerFormat && <p>Token format: {scheme.bearerFormat}</p>}
          {scheme.openIdConnectUrl && (
            <p>
              Discovery: <a href={scheme.openIdConnectUrl}>{scheme.openIdConnectUrl}</a>
            </p>
          )}
          {scheme.flows?.map((flow) => (
            <div key={flow.name}>
              <p>
                <b>{flow.name} flow.</b>
                {flow.authorizationUrl && (
                  <>
                    {' '}
                    Authorization URL <code>{flow.authorizationUrl}</code>.
                  </>
                )}
                {flow.tokenUrl && (
                  <>
                    {' '}
                    Token URL <code>{flow.tokenUrl}</code>.
                  </>
                )}
                {flow.refreshUrl && (
                  <>
                    {' '}
                    Refresh URL <code>{flow.refreshUrl}</code>.
                  </>
                )}
              </p>
              {flow.scopes.length > 0 && (
                <TableWrapper label={`Scopes of ${scheme.name}, ${flow.name} flow`}>
                  <table>
                    <thead>
                      <tr>
                        <th>Scope</th>
                        <th>Grants</th>
                      </tr>
                    </thead>
                    <tbody>
                      {flow.scopes.map((scope) => (
                        <tr key={scope.name} className={needed.has(scope.name) ? 'api-scope-needed' : undefined}>
                          <td>
                            <code>{scope.name}</code>
                            {needed.has(scope.name) && <span className="api-badge api-required">this API</span>}
                          </td>
                          <td>{scope.description}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableWrapper>
              )}
            </div>
          ))}
        </div>
      ))}
    </section>
  );
}

function Servers({ servers, basePath }: { servers: ApiServer[]; basePath: string }) {
  return (
    <section id="servers" className="api-section">
      <h2>Servers</h2>
      <TableWrapper label="Servers">
        <table className="api-servers">
          <thead>
            <tr>
              <th>Environment</th>
              <th>Base URL</th>
            </tr>
          </thead>
          <tbody>
            {servers.map((server) => (
              <tr key={server.url}>
                <td>{server.description}</td>
                <td>
                  <code>{server.url + basePath}</code>
                  {server.variables?.map((v) => (
                    <p key={v.name} className="api-note">
                      <code>{`{${v.name}}`}</code>: {v.description} default <code>{v.default}</code>
                      {v.enum && v.enum.length > 0 && <> (one of {v.enum.join(', ')})</>}
                    </p>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrapper>
    </section>
  );
}
