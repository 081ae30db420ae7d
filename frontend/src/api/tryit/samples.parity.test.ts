/**
 * Driven by tests/unit/test_openapi_samples.py, which writes calls and the code
 * src/docsite/openapi/samples.py makes of them to the file SAMPLES_PARITY names: the panel's port
 * must make the same code, character for character. Left out of a run without it (vite.config.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sample, type Call } from './samples';

const file = process.env.SAMPLES_PARITY;
if (!file) throw new Error('SAMPLES_PARITY names no file: tests/unit/test_openapi_samples.py runs this test');
const cases = JSON.parse(readFileSync(file, 'utf8')) as { name: string; call: Call; code: Record<string, string> }[];

describe('samples.ts makes the code samples.py makes', () => {
  it.each(cases.flatMap((c) => Object.keys(c.code).map((language) => [c.name, language, c] as const)))(
    '%s in %s',
    (_name, language, c) => {
      expect(sample(language, c.call)).toBe(c.code[language]);
    },
  );
});
