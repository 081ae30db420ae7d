/**
 * Lookups in the docs versions data (`loadDocsData` in ./data): what the navbar's version items
 * need to link "this page in another version" or a doc or sidebar of the active version.
 *
 * A doc or sidebar id that does not exist is a bug: the error lists the ids that do. A draft's id
 * finds nothing (drafts are left out of production builds).
 */
import type { DocsPluginData, DocsVersionData } from '../types';

export type VersionDoc = DocsVersionData['docs'][number];

/** What the site data says of each version (every page has it); the versions data has more. */
type VersionSummary = { name: string; path: string; isLast: boolean };

function normalize(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

/** The doc with this id in `version`; null for a draft. Throws, listing the ids, for an unknown id. */
export function findDoc(version: DocsVersionData, docId: string): VersionDoc | null {
  const doc = version.docs.find((d) => d.id === docId);
  if (doc) return doc;
  if (version.draftIds.includes(docId)) return null;
  const ids = version.docs.map((d) => d.id).join(', ');
  throw new Error(`No doc with id "${docId}" in docs version "${version.name}". Available doc ids: ${ids}`);
}

/** Where a link to the sidebar goes. Throws, listing the ids, for an unknown sidebar id. */
export function findSidebarLink(version: DocsVersionData, sidebarId: string): { path: string; label: string } {
  const sidebar = version.sidebars[sidebarId];
  if (!sidebar) {
    const ids = Object.keys(version.sidebars).join(', ') || '(none)';
    throw new Error(`No sidebar with id "${sidebarId}" in docs version "${version.name}". Available sidebar ids: ${ids}`);
  }
  if (!sidebar.link) {
    throw new Error(`Sidebar "${sidebarId}" has no link target: none of its items is a doc or a category with a page.`);
  }
  return sidebar.link;
}

/** The version whose path holds `route` (the longest match), or null outside the docs. */
export function activeVersion<V extends VersionSummary>(data: { versions: V[] }, route: string): V | null {
  const path = normalize(route);
  const matching = data.versions.filter((v) => {
    const base = normalize(v.path);
    return path === base || path.startsWith(base === '/' ? '/' : `${base}/`);
  });
  return matching.sort((a, b) => b.path.length - a.path.length)[0] ?? null;
}

/** The doc at `route`, if it is a doc page. */
export function activeDoc(data: DocsPluginData, route: string): VersionDoc | null {
  const version = activeVersion(data, route);
  return version?.docs.find((d) => normalize(d.path) === normalize(route)) ?? null;
}

/** Where "this page in `target`" goes: the same doc there, else the version's main doc, else its root. */
export function docInVersion(data: DocsPluginData, route: string, target: DocsVersionData): string {
  const doc = activeDoc(data, route);
  const same = doc ? target.docs.find((d) => d.id === doc.id) : undefined;
  const main = target.mainDocId ? target.docs.find((d) => d.id === target.mainDocId) : undefined;
  return same?.path ?? main?.path ?? target.path;
}

/**
 * The version docs links lead into, as Docusaurus chooses it: the version of the page being read,
 * else the reader's preferred version (the last one chosen in the version dropdown), else the latest.
 */
export function candidateVersion<V extends VersionSummary>(
  data: { versions: V[] },
  route: string,
  preferred: string | null,
): V | null {
  return (
    activeVersion(data, route) ??
    data.versions.find((v) => v.name === preferred) ??
    data.versions.find((v) => v.isLast) ??
    data.versions[0] ??
    null
  );
}

/**
 * Where a docs navbar item leads in `version`: a `doc` item to that doc, a `docSidebar` item to its
 * sidebar's first page, a `docsVersion` item to the version's main doc; null for a doc the version
 * does not have (the item keeps its link to the latest version).
 */
export function docsItemLink(
  item: { type?: string; docId?: string; sidebarId?: string | null },
  version: DocsVersionData,
): string | null {
  if (item.type === 'doc' && item.docId) return version.docs.find((d) => d.id === item.docId)?.path ?? null;
  if (item.type === 'docSidebar' && item.sidebarId) return version.sidebars[item.sidebarId]?.link?.path ?? null;
  if (item.type === 'docsVersion') {
    return version.docs.find((d) => d.id === version.mainDocId)?.path ?? version.path;
  }
  return null;
}

const DOCS_TAG = 'docs-default-';

/**
 * The search index tags to query: each docs version has its own index (`docs-default-<name>`), and
 * only one is searched, the version being read, else the reader's preferred one, else the latest;
 * the blog's and the other pages' indexes always.
 */
export function searchedTags(
  tags: string[],
  data: { versions: VersionSummary[] },
  route: string,
  preferred: string | null,
): string[] {
  if (tags.filter((tag) => tag.startsWith(DOCS_TAG)).length <= 1) return tags;
  const version = candidateVersion(data, route, preferred);
  return tags.filter((tag) => !tag.startsWith(DOCS_TAG) || tag === `${DOCS_TAG}${version?.name}`);
}
