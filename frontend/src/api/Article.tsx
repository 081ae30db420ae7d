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
import { hydrateRoot } from 'react-dom/client';
import type { ApiOperation, ApiReferencePageData, ApiSecurity, ApiSecurityScheme, ApiServer, PageData } from '../types';
import { fetchJson } from '../lib/data';
import { pageDataPath, withBase } from '../lib/paths';
import { Router, useLocation, useNavigator } from '../lib/navigation';
import { SiteLink } from '../lib/SiteLink';
import { SiteContext, useSite } from '../lib/site';
import { createStorageSlot, StorageKeys } from '../lib/storage';
import { CHANGE_EVENT } from '../renderers/Tabs';
import { TableWrapper, watchPrerenderedTable } from '../renderers/TableWrapper';
import { ApiContext, apiTables, type ApiTables, type OpenSchemas } from './context';
import { Operation } from './Operation';
import { SchemaEntry } from './Schema';
import { Text } from './Text';

const GROUP = 'group:';
/** The tab group of the code samples (docsite/openapi/samples.py). */
const SAMPLES_GROUP = 'language';

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
  private readonly hydratedParts = new Set<string>();
  /** What the reader did to a part before it hydrated, to do again once it has. */
  private readonly replays = new Map<string, () => void>();
  /** The element id in the HTML -> the part it starts. */
  private readonly partIds = new Map<string, string>();

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

  hydrated = (id: string): void => {
    this.hydratedParts.add(id);
    const replay = this.replays.get(id);
    if (!replay) return;
    this.replays.delete(id);
    window.setTimeout(replay);
  };

  /** Hold what the reader did to the part `id`, and hydrate it. */
  private hold(id: string, event: Event, replay: () => void): void {
    event.preventDefault();
    event.stopImmediatePropagation();
    this.replays.set(id, replay);
    this.want(id);
  }

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
      this.replays.delete(id);
      this.data = null;
    });
  }

  /** Listen on the article for what the reader reaches for; returns the function that stops. */
  attach(article: HTMLElement): () => void {
    /** The element of the part that `target` is in. */
    const partElement = (target: EventTarget | null): Element | null => {
      if (!(target instanceof Node) || !article.contains(target)) return null;
      for (let element = target instanceof Element ? target : null; element && element !== article; element = element.parentElement) {
        if (element.id && this.partIds.has(element.id)) return element;
      }
      return null;
    };
    const partOf = (target: EventTarget | null): string | null => {
      const element = partElement(target);
      return element && (this.partIds.get(element.id) ?? null);
    };
    const onIntent = (event: Event) => {
      const id = partOf(event.target);
      if (id) this.want(id);
    };
    const onClick = (event: MouseEvent) => {
      const id = partOf(event.target);
      if (!id || this.hydratedParts.has(id) || !(event.target instanceof Element)) return;
      const control = event.target.closest<HTMLElement>('button, a[href^="/"]');
      if (!control || !article.contains(control)) return;
      if (control instanceof HTMLAnchorElement && (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) {
        return; // a new tab or window: the browser's own
      }
      this.hold(id, event, () => control.click());
    };
    // A tab's keys (arrows, Home, End) do nothing on the prerendered HTML: they are held too. Tab,
    // Enter and Space keep their own meaning (Enter and Space click, held above).
    const onKeyDown = (event: KeyboardEvent) => {
      const id = partOf(event.target);
      if (!id || this.hydratedParts.has(id) || !(event.target instanceof Element)) return;
      const tab = event.target.closest<HTMLElement>('[role="tab"]');
      if (!tab || ['Tab', 'Enter', ' '].includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
      const { key, code, shiftKey } = event;
      this.hold(id, event, () => tab.dispatchEvent(new KeyboardEvent('keydown', { key, code, shiftKey, bubbles: true, cancelable: true })));
    };
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
                const id = partOf(entry.target);
                if (id) this.want(id);
              }
            },
            { rootMargin: '100% 0px' },
          );
    const showLanguage = (value: string | null) => {
      if (!value) return;
      for (const tabs of article.querySelectorAll<HTMLElement>('.api-samples .tabs-container')) {
        const id = partOf(tabs);
        if (!id || this.hydratedParts.has(id)) continue;
        const buttons = [...tabs.querySelectorAll<HTMLElement>('[role="tab"]')];
        if (!buttons.some((button) => button.id.endsWith(`-tab-${value}`))) continue;
        for (const button of buttons) {
          const active = button.id.endsWith(`-tab-${value}`);
          button.setAttribute('aria-selected', String(active));
          button.tabIndex = active ? 0 : -1;
          button.classList.toggle('tab-active', active);
        }
        for (const panel of tabs.querySelectorAll<HTMLElement>('[role="tabpanel"]')) {
          panel.hidden = !panel.id.endsWith(`-panel-${value}`);
        }
        const element = partElement(tabs);
        if (element && tabs.querySelector('[role="tabpanel"]:not([hidden]) .api-sample-pending')) nearScreen?.observe(element);
      }
    };
    const onTabChange = (event: Event) => {
      const { groupId, value } = (event as CustomEvent<{ groupId: string; value: string }>).detail;
      if (groupId === SAMPLES_GROUP) showLanguage(value);
    };
    // A table wider than the screen is a focusable region, as TableWrapper makes it once hydrated.
    const tables = [...article.querySelectorAll<HTMLElement>('.table-wrapper[data-label]')].map(watchPrerenderedTable);
    const slot = createStorageSlot(StorageKeys.tabGroup(SAMPLES_GROUP));
    showLanguage(slot.get());
    const unlisten = slot.listen(showLanguage);
    // On the window, capturing: before the page's root, which stops the events on a part of this
    // root it cannot hydrate yet.
    const capture = { capture: true };
    const passive = { capture: true, passive: true };
    window.addEventListener('click', onClick, capture);
    window.addEventListener('keydown', onKeyDown, capture);
    window.addEventListener('pointerover', onIntent, passive);
    window.addEventListener('touchstart', onIntent, passive);
    window.addEventListener('focusin', onIntent, capture);
    window.addEventListener(CHANGE_EVENT, onTabChange);
    return () => {
      window.removeEventListener('click', onClick, capture);
      window.removeEventListener('keydown', onKeyDown, capture);
      nearScreen?.disconnect();
      for (const stop of tables) stop();
      window.removeEventListener('pointerover', onIntent, passive);
      window.removeEventListener('touchstart', onIntent, passive);
      window.removeEventListener('focusin', onIntent, capture);
      window.removeEventListener(CHANGE_EVENT, onTabChange);
      unlisten();
    };
  }
}

const KEPT = { __html: '' };

/**
 * The article of a first load: the prerendered HTML, which the page's root keeps as it is (an
 * element whose inner HTML React does not own), hydrated part by part by a root of its own.
 */
export function PrerenderedArticle({ page, parts }: { page: ApiReferencePageData; parts: PrerenderedParts }) {
  const ref = useRef<HTMLElement>(null);
  const site = useSite();
  const { basename, navigator } = useNavigator();
  const location = useRef(useLocation()); // the parts' links resolve against it: never updated, see above

  useEffect(() => {
    const article = ref.current;
    if (!article) return;
    const detach = parts.attach(article);
    const root = hydrateRoot(
      article,
      <SiteContext.Provider value={site}>
        <Router basename={basename} location={location.current} navigator={navigator}>
          <PartSourceContext.Provider value={parts}>
            <ArticleBody page={page} />
          </PartSourceContext.Provider>
        </Router>
      </SiteContext.Provider>,
      {
        identifierPrefix: 'api-', // the ids of what it renders later never meet the page root's
        onRecoverableError(error, info) {
          console.error('Hydration error:', error, info.componentStack);
        },
      },
    );
    return () => {
      detach();
      window.setTimeout(() => root.unmount()); // not while the page's root commits
    };
  }, [page, parts, site, basename, navigator]);

  return <article ref={ref} className="markdown api-article" dangerouslySetInnerHTML={KEPT} suppressHydrationWarning />;
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
