/** What every part of an API page needs: the schema and response tables, and which schemas are open. */
import type { ApiReferencePageData, ApiResponseBody, SchemaNode } from '../types';
import { createRequiredContext } from '../lib/context';

export interface ApiTables {
  /** The page's data (servers, security schemes: what Try it needs). */
  page: ApiReferencePageData;
  schemas: Record<string, SchemaNode>;
  responses: Record<string, ApiResponseBody>;
  /** Schemas of the schemas section that are expanded. */
  openSchemas: ReadonlySet<string>;
  setSchemaOpen(name: string, open: boolean): void;
}

export const [ApiContext, useApi] = createRequiredContext<ApiTables>('Api');
