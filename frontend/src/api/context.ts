/** What every part of an API page needs: the schema and response tables, and which schemas are open. */
import type { ApiResponseBody, SchemaNode } from '../types';
import { createRequiredContext } from '../lib/context';

export interface ApiTables {
  schemas: Record<string, SchemaNode>;
  responses: Record<string, ApiResponseBody>;
  /** Schemas of the schemas section that are expanded. */
  openSchemas: ReadonlySet<string>;
  setSchemaOpen(name: string, open: boolean): void;
}

export const [ApiContext, useApi] = createRequiredContext<ApiTables>('Api');
