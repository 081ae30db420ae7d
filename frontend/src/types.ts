/** The data contract with the site builder (src/docsite/routes.py, sitedata.py, blog.py). */

/** A content tree node: text, or [tag, props, ...children]. Capitalised tags are components. */
export type ContentNode = string | [string, Record<string, unknown> | null, ...ContentNode[]];

export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  keywords: string[];
  image: string | null;
  ogType: string;
  noindex: boolean;
  /** Structured data (schema.org), rendered as <script type="application/ld+json">. */
  jsonLd?: unknown;
  /** <link rel="alternate">: the blog's feeds, on every blog page. */
  alternates?: { type: string; href: string; title: string }[];
  /** The page in every locale (absolute URLs) and x-default, on a site with several locales. */
  hreflang?: { hreflang: string; href: string }[];
}

export interface Link {
  label: string;
  href: string;
}

export interface TocItem {
  id: string;
  level: number;
  value: ContentNode[];
}

interface BasePage {
  kind: string;
  meta: PageMeta;
  title: string;
  hideFooter?: boolean;
  /** In a translated site: the page has no translation and is the default locale's, in `language`. */
  untranslated?: { language: string };
}

export interface Crumb {
  label: string;
  href: string | null;
}

/** The banner of a docs version that is not the latest (src/docsite/routes.py `version_info`). */
export interface VersionBannerData {
  kind: 'unreleased' | 'unmaintained';
  latestLabel: string;
  /** This doc in the latest version, else the latest version's root. */
  latestHref: string;
}

export interface DocInfo {
  id: string | null;
  version: string;
  /** Null on a site built without versions' metadata (unit fixtures). */
  versionInfo?: { name: string; label: string; badge: boolean; banner: VersionBannerData | null } | null;
  sidebar: string | null;
  breadcrumbs: Crumb[];
  prev: Link | null;
  next: Link | null;
  lastUpdated?: string | null;
  editUrl?: string | null;
  /** The doc's tags, each linking to its tag page (`/docs/tags/<tag>`). */
  tags?: Link[];
  hideTitle?: boolean;
  /** Drafts are built only by `docsite dev`; unlisted docs are built but not listed or indexed. */
  draft?: boolean;
  unlisted?: boolean;
  /** The page as Markdown (`/docs/x.md`), for "Copy page" and "View as Markdown". */
  markdown?: string;
}

export interface DocPageData extends BasePage {
  kind: 'doc';
  content: ContentNode[];
  /**
   * Set on the data inlined in a doc's HTML (app/document.ts), whose `content` is then empty: the
   * content is the prerendered HTML, hydrated with the page's JSON when the reader reaches for it
   * (layouts/ArticleContent.tsx).
   */
  prerendered?: true;
  toc: TocItem[];
  doc: DocInfo;
}

export interface DocCategoryPageData extends BasePage {
  kind: 'docCategory';
  description: string | null;
  /** The category's items: docs (with their description), sub-categories (with their size), links. */
  items: { label: string; href: string; description: string | null; type: 'link' | 'category' | 'external' }[];
  doc: DocInfo;
}

export interface MarkdownPageData extends BasePage {
  kind: 'page';
  content: ContentNode[];
  toc: TocItem[];
}

export interface Author {
  name: string;
  title?: string | null;
  url?: string | null;
  imageUrl?: string | null;
}

export interface PostSummary {
  title: string;
  href: string;
  date: string;
  readingTime: number;
  authors: Author[];
  tags: { label: string; href: string }[];
  description: string;
  excerpt?: ContentNode[];
  truncated?: boolean;
}

export interface BlogPostPageData extends BasePage {
  kind: 'blogPost';
  content: ContentNode[];
  /** As a doc's (DocPageData). */
  prerendered?: true;
  toc: TocItem[];
  post: PostSummary;
  newer: Link | null;
  older: Link | null;
}

export interface BlogListPageData extends BasePage {
  kind: 'blogList' | 'blogTag';
  description: string;
  posts: PostSummary[];
  pagination: { page: number; pages: number; newer: string | null; older: string | null };
  tag?: { label: string; allTagsHref: string };
}

export interface BlogArchivePageData extends BasePage {
  kind: 'blogArchive';
  years: { year: number; posts: { title: string; href: string; date: string }[] }[];
}

/** Every tag with its count: the blog's (`/blog/tags`) or the docs' (`/docs/tags`). */
export interface TagsPageData extends BasePage {
  kind: 'blogTags' | 'docTags';
  tags: { label: string; href: string; count: number }[];
}

/** The docs carrying one tag (`/docs/tags/<tag>`), with their descriptions. */
export interface DocTagPageData extends BasePage {
  kind: 'docTag';
  tag: { label: string; allTagsHref: string };
  docs: { title: string; href: string; description: string }[];
}

/** Text from an OpenAPI spec: plain text, or Markdown rendered to a content tree. */
export type ApiText = string | ContentNode[];

export interface ApiServer {
  url: string;
  description: string;
  variables?: { name: string; default: string; enum?: string[]; description?: string }[];
}

export interface ApiSummary {
  name: string;
  title: string;
  version: string;
  summary: string;
  href: string;
  servers: ApiServer[];
  downloads: { yaml: string; json: string };
  /** The Postman collection and one environment file per server (base URL and token URL). */
  postman: { collection: string; environments: { name: string; href: string }[] };
  /** The API's changelog page: /specification/<api>/changelog. */
  changelogPage: string;
  operations: number;
  tags: string[];
  scopes: string[];
  /** The path every operation starts with: /catalog/v1. */
  basePath: string;
}

export interface ApiLandingPageData extends BasePage {
  kind: 'apiLanding';
  description: string;
  apis: ApiSummary[];
  /** The landing shown for a path below /specification/ that is no API's page (status 404). */
  notFound?: boolean;
}

export interface ApiDownloadsPageData extends BasePage {
  kind: 'apiDownloads';
  description: string;
  apis: (ApiSummary & {
    openapi: string;
    changelog: { version: string; date: string; changes: ContentNode[][] }[];
  })[];
}

/** One change between two versions of a spec (docsite.openapi.changelog). */
export interface ApiChange {
  kind: 'added' | 'removed' | 'changed';
  breaking: boolean;
  /** "GET /catalog/v1/events" */
  operation: string;
  text: ContentNode[];
}

export interface ApiChangelogPageData extends BasePage {
  kind: 'apiChangelog';
  description: string;
  api: ApiSummary;
  /** Newest first. */
  versions: {
    id: string;
    version: string;
    date: string;
    /** The version's notes (info.x-changelog), one per change the API team wrote. */
    notes: ContentNode[][];
    /** The version the changes are computed against, when its spec file is kept; else null. */
    previous: string | null;
    changes: ApiChange[];
  }[];
}

/**
 * A JSON Schema as the reference renders it (src/docsite/openapi/schemas.py). A named schema is in
 * the page's `schemas` table; `ref` names it. Values (enum, const, default, examples) are JSON text.
 */
export interface SchemaNode {
  ref?: string;
  type?: string;
  format?: string;
  title?: string;
  description?: ApiText;
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  enum?: string[];
  const?: string;
  default?: string;
  examples?: string[];
  constraints?: string[];
  pattern?: string;
  contentMediaType?: string;
  contentEncoding?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: SchemaNode | false;
  patternProperties?: Record<string, SchemaNode>;
  propertyNames?: SchemaNode;
  items?: SchemaNode;
  prefixItems?: SchemaNode[];
  contains?: SchemaNode;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
  not?: SchemaNode;
  if?: SchemaNode;
  then?: SchemaNode;
  else?: SchemaNode;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  externalDocs?: { url: string; description: string };
}

export interface ApiExample {
  name?: string;
  summary?: string;
  description?: ApiText;
  /** Highlighted at build time (media type examples). */
  html?: string;
  /** JSON text (parameter examples). */
  value?: string;
  externalValue?: string;
  generated?: boolean;
}

export interface ApiParameter {
  name: string;
  in?: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  deprecated?: boolean;
  description?: ApiText;
  schema?: SchemaNode;
  example?: string;
  examples?: ApiExample[];
  mediaType?: string;
  style?: string;
  explode?: boolean;
}

export interface ApiMedia {
  type: string;
  schema?: SchemaNode;
  examples?: ApiExample[];
  encoding?: Record<string, string>;
}

export interface ApiLink {
  name: string;
  operationId?: string;
  operationRef?: string;
  href?: string;
  parameters?: Record<string, string>;
  requestBody?: string;
  description?: ApiText;
}

export interface ApiResponseBody {
  description?: ApiText;
  headers?: ApiParameter[];
  content?: ApiMedia[];
  links?: ApiLink[];
}

/** A response of an operation; `ref` names a shared response of the page's `responses` table. */
export interface ApiResponse extends ApiResponseBody {
  status: string;
  ref?: string;
}

/** Alternatives (any one is enough), each the schemes it needs (all of them) with their scopes. */
export type ApiSecurity = { scheme: string; scopes: string[] }[][];

export interface ApiOperation {
  /** The anchor: operation-<operationId>. */
  id: string;
  operationId?: string;
  method: string;
  path: string;
  summary?: string;
  description?: ApiText;
  deprecated?: boolean;
  webhook?: boolean;
  /** A webhook's `x-retries`: when and how often a delivery is retried. */
  retries?: ApiText;
  parameters?: ApiParameter[];
  requestBody?: { required?: boolean; description?: ApiText; content?: ApiMedia[] };
  responses?: ApiResponse[];
  /** Absent: the API's security applies. */
  security?: ApiSecurity;
  callbacks?: { name: string; operations: ApiOperation[] }[];
  /** Code samples: Tabs of CodeBlocks. */
  samples?: ContentNode;
  servers?: ApiServer[];
  externalDocs?: { url: string; description: string };
}

export interface ApiSecurityScheme {
  name: string;
  type: string;
  label: string;
  description?: ApiText;
  parameter?: { in: string; name: string };
  bearerFormat?: string;
  flows?: {
    name: string;
    authorizationUrl?: string;
    tokenUrl?: string;
    refreshUrl?: string;
    scopes: { name: string; description: string }[];
  }[];
  openIdConnectUrl?: string;
}

export interface ApiTagGroup {
  id: string;
  name: string;
  description?: ApiText;
  operations: ApiOperation[];
}

export interface ApiReferencePageData extends BasePage {
  kind: 'apiReference';
  api: ApiSummary & { openapi: string };
  /**
   * Set on the data inlined in a large page's HTML (api/outline.ts): only its header and navigation,
   * the rest is the prerendered HTML, hydrated part by part with the page's JSON (api/Article.tsx).
   */
  outline?: true;
  intro?: ApiText;
  servers?: ApiServer[];
  security?: ApiSecurity;
  securitySchemes?: ApiSecurityScheme[];
  groups?: ApiTagGroup[];
  webhooks?: ApiOperation[];
  errors?: { code: string; status: number; description?: ApiText }[];
  responses?: Record<string, ApiResponseBody>;
  schemas?: Record<string, SchemaNode>;
  contact?: { name?: string; url?: string; email?: string };
  license?: { name?: string; url?: string; identifier?: string };
  externalDocs?: { url: string; description: string };
}

export interface ReactPageData extends BasePage {
  kind: 'react';
  component: string;
  props: Record<string, unknown>;
}

export interface NotFoundPageData extends BasePage {
  kind: 'notFound';
}

export type PageData =
  | DocPageData
  | DocCategoryPageData
  | MarkdownPageData
  | BlogPostPageData
  | BlogListPageData
  | BlogArchivePageData
  | TagsPageData
  | DocTagPageData
  | ApiLandingPageData
  | ApiDownloadsPageData
  | ApiChangelogPageData
  | ApiReferencePageData
  | ReactPageData
  | NotFoundPageData;

export interface SidebarLinkItem {
  type: 'link';
  label: string;
  href: string;
  className?: string;
}

export interface SidebarCategoryItem {
  type: 'category';
  label: string;
  href?: string;
  collapsible: boolean;
  collapsed: boolean;
  items: SidebarItem[];
  className?: string;
}

export type SidebarItem = SidebarLinkItem | SidebarCategoryItem;

export interface SidebarData {
  id: string;
  items: SidebarItem[];
}

export interface NavbarItemConfig {
  type: string;
  label?: string;
  to?: string;
  href?: string;
  html?: string;
  position: 'left' | 'right';
  items?: NavbarItemConfig[];
  activeBasePath?: string;
  activeBaseRegex?: string;
  docId?: string;
  sidebarId?: string | null;
  docsPluginId?: string;
  /** A docs version link whose label is the version's: the front end shows the label of the version it leads to. */
  versionLabel?: boolean;
  className?: string;
  'aria-label'?: string;
  versions?: { name: string; label: string; to: string }[];
  /** Each locale's site: its base from the site root (`/`, `/fr/`). */
  locales?: { locale: string; label: string; base: string }[];
  /** Set by the locale dropdown on its links: another locale is another site. */
  lang?: string;
  reloadDocument?: boolean;
}

export interface LogoConfig {
  src: string;
  srcDark?: string | null;
  alt: string;
  href?: string | null;
  target?: string | null;
  width?: number | string | null;
  height?: number | string | null;
}

export interface FooterLinkConfig {
  label?: string;
  to?: string;
  href?: string;
  html?: string;
  prependBaseUrlToHref?: boolean;
}

export interface SiteData {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  trailingSlash: boolean | null;
  favicon: string | null;
  themeColor: string;
  /** `themeConfig.metadata`: <meta> tags of every page (attribute -> value), keywords excepted. */
  metadata: Record<string, string>[];
  buildId: string;
  i18n: {
    defaultLocale: string;
    currentLocale?: string;
    locales: { locale: string; label: string; htmlLang: string; direction: string }[];
    htmlLang: string;
    direction: string;
  };
  navbar: {
    title: string | null;
    logo: LogoConfig | null;
    style: 'primary' | 'dark' | null;
    hideOnScroll: boolean;
    items: NavbarItemConfig[];
  };
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  announcementBar: {
    id: string;
    content: string;
    backgroundColor: string;
    textColor: string;
    isCloseable: boolean;
  } | null;
  footer: {
    style: 'light' | 'dark';
    logo: LogoConfig | null;
    copyright: string | null;
    columns?: { title: string | null; items: FooterLinkConfig[] }[];
    links?: FooterLinkConfig[];
  };
  docs: { pluginId: string; versions: { name: string; label: string; path: string; isLast: boolean }[] };
  search: {
    enabled: boolean;
    engine: 'lunr' | 'pagefind'; // src/docsite/search/pagefind.py: choose_engine
    maxResults: number;
    maxInputLength: number;
    tags: string[];
    analytics: { appId: string; apiKey: string; indexName: string } | null;
  };
  analytics: { trackingId: string | null; anonymizeIp: boolean };
  helpDesk: { scriptUrl: string | null };
  storage: { type: 'localStorage' | 'none'; namespace: string | null };
}

/** A docs version as the navbar's version items see it (src/docsite/versions.py): `_data/docs/<pluginId>.json`. */
export interface DocsVersionData {
  name: string;
  label: string;
  path: string;
  isLast: boolean;
  mainDocId: string | null;
  docs: { id: string; path: string; sidebar: string | null }[];
  /** Drafts: left out of production builds; looking one up finds nothing. */
  draftIds: string[];
  /** Where a link to each sidebar goes (null: the sidebar has no page to link to). */
  sidebars: Record<string, { link: { path: string; label: string } | null }>;
}

export interface DocsPluginData {
  pluginId: string;
  path: string;
  versions: DocsVersionData[];
}

/** What the page route's loader returns. */
export interface PageLoaderData {
  page: PageData;
  sidebar: SidebarData | null;
}
