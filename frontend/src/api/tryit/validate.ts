/**
 * JSON Schema validation of bodies (the request as the reader types it, the API's answer) with
 * @cfworker/json-schema (2020-12, the dialect of OpenAPI 3.1), against the schemas as the spec
 * writes them: `$ref`s point into the spec's `components.schemas`, which the Try-it data carries.
 */
import { Validator, type Schema } from '@cfworker/json-schema';

export interface Deviation {
  /** A JSON pointer into the body ("" for the body itself). */
  pointer: string;
  /** What the schema expected there. */
  message: string;
}

/** Keywords whose failure only says that a part below failed: that part's own error says what. */
const WRAPPERS = new Set([
  'properties',
  'items',
  'prefixItems',
  '$ref',
  'allOf',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'then',
  'else',
  '$dynamicRef',
]);

export function deviations(schema: unknown, components: unknown, value: unknown): Deviation[] {
  const root = { components, allOf: [schema ?? {}] } as Schema;
  const { errors } = new Validator(root, '2020-12', false).validate(value);
  const seen = new Set<string>();
  const out: Deviation[] = [];
  for (const error of errors) {
    if (WRAPPERS.has(error.keyword)) continue;
    const pointer = error.instanceLocation.replace(/^#/, '');
    // a field where `additionalProperties: false` (or unevaluated...) allows none fails a `false` schema
    const message = error.keyword === 'false' ? 'Not allowed: the schema defines no such field.' : error.error;
    const key = `${pointer} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ pointer, message });
  }
  return out;
}
