/**
 * The data a large API page inlines in its HTML for its first load: what its header and navigation
 * render (title, version, downloads, the operations' names, which sections exist), none of the
 * prose, parameters, schemas or samples its prerendered HTML already holds. The rest of the page
 * stays that HTML until the reader reaches for it (api/Article.tsx).
 */
import type { ApiOperation, ApiReferencePageData } from '../types';

const named = ({ id, method, path, summary }: ApiOperation): ApiOperation => ({ id, method, path, summary });

export function apiOutline(page: ApiReferencePageData): ApiReferencePageData {
  return {
    kind: page.kind,
    meta: page.meta,
    title: page.title,
    hideFooter: page.hideFooter,
    untranslated: page.untranslated,
    api: page.api,
    outline: true,
    servers: page.servers,
    security: page.security,
    securitySchemes: page.securitySchemes,
    groups: page.groups?.map((group) => ({ id: group.id, name: group.name, operations: group.operations.map(named) })),
    webhooks: page.webhooks?.map(named),
    schemas: page.schemas && Object.fromEntries(Object.keys(page.schemas).map((name) => [name, {}])),
    errors: page.errors?.map(({ code, status }) => ({ code, status })),
  };
}
