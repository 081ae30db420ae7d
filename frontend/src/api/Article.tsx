/**
 * The article of an API reference page, in parts: the introduction, authentication, servers, each
 * tag's heading, each operation, the schemas and the error codes are each a Suspense boundary.
 *
 * Rendered with the whole page's data (the prerender, a client-side navigation, a page small enough
 * to inline its data), every part renders at once. On the first load of a large page the HTML holds
 * the whole article and the page inlines only its outline (api/outline.ts): the article is then a
 * React root of its own (`PrerenderedArticle`), whose parts stay the prerendered HTML, never walked
 * by React, until the reader reaches for one (pointer over it, focus or touch in it, a deep link to
 * a schema): then the page's JSON is fetched, once, and that part alone hydrates. A click on a
 * button or a site link of a part not hydrated yet is held and replayed once it is. The language of
 * the code samples the reader chose is shown on the parts still prerendered by setting their tabs'
 * attributes, as the hydrated tabs do.
 *
 * The article is a root of its own because any change of a context above a Suspense boundary still
 * prerendered (the router's location after a jump to an operation, the colour mode) makes React
 * hydrate it at once or, its data not loaded, replace it by its fallback. Its root has only
 * contexts that never change.
 */
import { createContext, memo, Suspense, use, useContext, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { ApiOperation, ApiReferencePageData, ApiSecurity, ApiSecurityScheme, ApiServer, PageData } from '../types';
import { fetchJson } from '../lib/data';
import { pageDataPath, withBase } from '../lib/paths';
import { KEPT_HTML, PartHydration, unmountIsland, useIslandHydration } from '../lib/prerendered';
import { SiteLink } from '../lib/SiteLink';
import { followPrerendered } from '../renderers/prerendered';
import { TableWrapper } from '../renderers/TableWrapper';
import { ApiContext, apiTables, type ApiTables, type OpenSchemas } from './context';
import { Operation } from './Operation';
import { SchemaEntry } from './Schema';
import { Text } from './Text';

const GROUP = 'group:';

/** Where the parts get their data: all of it at once, or part by part (PrerenderedParts). */
export interface PartSource {
  tables?: ApiTables;
  ready?(id: string): Promise<ApiTables>;
  hydrated?(id: string): void;
}

const PartSourceContext = createContext<PartSource | null>(null);
export const PartSourceProvider = PartSourceContext.Provider;

export function ArticleBody({ page }: { page: ApiReferencePageData }) {
  const { api } = page;
  return (
    <>
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
      <Part id="introduction" />
      {page.securitySchemes && <Part id="authentication" />}
      {page.servers && <Part id="servers" />}
      {page.groups?.map((group) => (
        <section key={group.id} id={group.id} className="api-section api-group">
          <Part id={GROUP + group.id} />
          {group.operations.map((op) => (
            <Part key={op.id} id={op.id} />
          ))}
        </section>
      ))}
      {page.webhooks && (
        <section id="webhooks" className="api-section api-group">
          <h2>Webhooks</h2>
          <p>Requests Onebox sends to the endpoint you register, when something happens.</p>
          {page.webhooks.map((op) => (
            <Part key={op.id} id={op.id} />
          ))}
        </section>
      )}
      {page.schemas && (
        <section id="schemas" className="api-section">
          <h2>Schemas</h2>
          <Part id="schemas" />
        </section>
      )}
      {page.errors && <Part id="errors" />}
    </>
  );
}

/**
 * One part, a Suspense boundary: they split hydration into short tasks, and on a first load each
 * stays prerendered until wanted. Memoised on its id: a re-render of the page never reaches it.
 */
const Part = memo(function Part({ id }: { id: string }) {
  return (
    <Suspense fallback={null}>
      <PartBody id={id} />
    </Suspense>
  );
});

function PartBody({ id }: { id: string }) {
  const source = useContext(PartSourceContext);
  if (!source) throw new Error('An API page part was rendered outside its article.');
  const tables = source.tables ?? use(source.ready!(id));
  useLayoutEffect(() => source.hydrated?.(id), [source, id]);
  return <ApiContext.Provider value={tables}>{renderPart(tables.page, id)}</ApiContext.Provider>;
}

const operationsByPage = new WeakMap<ApiReferencePageData, Map<string, { op: ApiOperation; security?: ApiSecurity }>>();

/** The page's operations and webhooks by id, with the security that applies to them. */
function operations(page: ApiReferencePageData) {
  let found = operationsByPage.get(page);
  if (!found) {
    found = new Map();
    for (const group of page.groups ?? []) for (const op of group.operations) found.set(op.id, { op, security: page.security });
    for (const op of page.webhooks ?? []) found.set(op.id, { op });
    operationsByPage.set(page, found);
  }
  return found;
}

function renderPart(page: ApiReferencePageData, id: string): ReactNode {
  switch (id) {
    case 'introduction':
      return (
        <section id="introduction" className="api-section">
          <Text value={page.intro} />
        </section>
      );
    case 'authentication':
      return page.securitySchemes && <Authentication page={page} schemes={page.securitySchemes} />;
    case 'servers':
      return page.servers && <Servers servers={page.servers} basePath={page.api.basePath} />;
    case 'schemas':
      return Object.entries(page.schemas ?? {}).map(([name, node]) => <SchemaEntry key={name} name={name} node={node} />);
    case 'errors':
      return page.errors && <ErrorCodes errors={page.errors} />;
  }
  if (id.startsWith(GROUP)) {
    const group = page.groups?.find((g) => g.id === id.slice(GROUP.length));
    return (
      group && (
        <>
          <h2>{group.name}</h2>
          <Text value={group.description} />
        </>
      )
    );
  }
  const found = operations(page).get(id);
  return found && <Operation op={found.op} security={found.security} />;
}

interface PendingPart {
  promise: Promise<ApiTables>;
  resolve(tables: ApiTables): void;
  wanted: boolean;
}

/** The parts of a first load's prerendered article: which are wanted, loaded, hydrated. */
export class PrerenderedParts implements PartSource {
  private data: Promise<ApiTables> | null = null;
  private readonly parts = new Map<string, PendingPart>();
  /** The element id in the HTML -> the part it starts. */
  private readonly partIds = new Map<string, string>();
  private article: HTMLElement | null = null;
  private readonly hydration = new PartHydration(
    (target) => this.partOf(target),
    (id) => this.want(id),
  );

  constructor(
    outline: ApiReferencePageData,
    private readonly route: string,
    private readonly openSchemas: OpenSchemas,
  ) {
    for (const id of ['introduction', 'authentication', 'servers', 'schemas', 'errors']) this.partIds.set(id, id);
    for (const group of outline.groups ?? []) this.partIds.set(group.id, GROUP + group.id);
    for (const op of [...(outline.groups ?? []).flatMap((g) => g.operations), ...(outline.webhooks ?? [])]) {
      this.partIds.set(op.id, op.id);
    }
  }

  private part(id: string): PendingPart {
    let part = this.parts.get(id);
    if (!part) {
      let resolve: (tables: ApiTables) => void = () => {};
      const promise = new Promise<ApiTables>((done) => (resolve = done));
      part = { promise, resolve, wanted: false };
      this.parts.set(id, part);
    }
    return part;
  }

  ready = (id: string): Promise<ApiTables> => this.part(id).promise;

  hydrated = (id: string): void => this.hydration.hydrated(id);

  /** Hydrate the part `id` (fetching the page's data the first time). */
  want(id: string): void {
    const part = this.part(id);
    if (part.wanted) return;
    part.wanted = true;
    this.data ??= fetchJson<PageData>(pageDataPath(this.route)).then((page) => {
      if (page?.kind !== 'apiReference') throw new Error(`The data of ${this.route} is not an API reference page.`);
      return apiTables(page, this.openSchemas);
    });
    this.data.then(part.resolve, (error: unknown) => {
      // the part stays readable as prerendered, and what was held is dropped: the reader's next
      // move tries again
      console.error('The data of this API page could not be loaded.', error);
      part.wanted = false;
      this.hydration.failed(id);
      this.data = null;
    });
  }

  /** The element of the part that `target` is in. */
  private partElement(target: EventTarget | null): Element | null {
    const article = this.article;
    if (!article || !(target instanceof Node) || !article.contains(target)) return null;
    for (let element = target instanceof Element ? target : null; element && element !== article; element = element.parentElement) {
      if (element.id && this.partIds.has(element.id)) return element;
    }
    return null;
  }

  private partOf(target: EventTarget | null): string | null {
    const element = this.partElement(target);
    return element && (this.partIds.get(element.id) ?? null);
  }

  /** Listen on the article for what the reader reaches for; returns the function that stops. */
  attach(article: HTMLElement): () => void {
    this.article = article;
    // The HTML carries the first language's samples only (cURL): a part that shows another one
    // hydrates as it nears the screen, and its sample is fetched (api/CodeSample.tsx).
    const nearScreen =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              for (const entry of entries) {
                if (!entry.isIntersecting) continue;
                nearScreen?.unobserve(entry.target);
                const id = this.partOf(entry.target);
                if (id) this.want(id);
              }
            },
            { rootMargin: '100% 0px' },
          );
    // Tabs follow the reader's choices, wide tables are focusable regions, as once hydrated.
    const stopFollowing = followPrerendered(article, {
      prerendered: (tabs) => {
        const id = this.partOf(tabs);
        return !!id && !this.hydration.isHydrated(id);
      },
      shown: (tabs) => {
        const element = this.partElement(tabs);
        if (element && tabs.querySelector('[role="tabpanel"]:not([hidden]) .api-sample-pending')) nearScreen?.observe(element);
      },
    });
    const stopListening = this.hydration.listen();
    return () => {
      stopListening();
      nearScreen?.disconnect();
      stopFollowing();
      this.article = null;
    };
  }
}

/**
 * The article of a first load: the prerendered HTML, which the page's root keeps as it is (an
 * element whose inner HTML React does not own), hydrated part by part by a root of its own.
 */
export function PrerenderedArticle({ page, parts }: { page: ApiReferencePageData; parts: PrerenderedParts }) {
  const ref = useRef<HTMLElement>(null);
  const hydrate = useIslandHydration();

  useEffect(() => {
    const article = ref.current;
    if (!article) return;
    const detach = parts.attach(article);
    const root = hydrate(
      article,
      <PartSourceContext.Provider value={parts}>
        <ArticleBody page={page} />
      </PartSourceContext.Provider>,
      'api-',
    );
    return () => {
      detach();
      unmountIsland(root);
    };
  }, [page, parts, hydrate]);

  return <article ref={ref} className="markdown api-article" dangerouslySetInnerHTML={KEPT_HTML} suppressHydrationWarning />;
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
