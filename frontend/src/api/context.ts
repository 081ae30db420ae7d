/** What every part of an API page needs: the schema and response tables, and which schemas are open. */
import type { ApiReferencePageData, ApiResponseBody, SchemaNode } from '../types';
import { createRequiredContext } from '../lib/context';

/**
 * The schemas of the schemas section that are expanded. A store rather than state of the page: a
 * change re-renders the entries that read it and nothing else (the parts of a first load that are
 * still prerendered HTML must not be re-rendered, api/Article.tsx).
 */
export interface OpenSchemas {
  isOpen(name: string): boolean;
  setOpen(name: string, open: boolean): void;
  subscribe(listener: () => void): () => void;
}

export function openSchemasStore(): OpenSchemas {
  const open = new Set<string>();
  const listeners = new Set<() => void>();
  return {
    isOpen: (name) => open.has(name),
    setOpen(name, value) {
      if (open.has(name) === value) return;
      if (value) open.add(name);
      else open.delete(name);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export interface ApiTables {
  /** The page's data (servers, security schemes: what Try it needs). */
  page: ApiReferencePageData;
  schemas: Record<string, SchemaNode>;
  responses: Record<string, ApiResponseBody>;
  openSchemas: OpenSchemas;
}

export function apiTables(page: ApiReferencePageData, openSchemas: OpenSchemas): ApiTables {
  return { page, schemas: page.schemas ?? {}, responses: page.responses ?? {}, openSchemas };
}

export const [ApiContext, useApi] = createRequiredContext<ApiTables>('Api');
