// Evaluates a Docusaurus sidebars file (sidebars.js, .cjs or .mjs) and prints what it exports as JSON.
// Run by docsite.sidebars_file: `node sidebars_eval.mjs /abs/path/sidebars.js`. The JSON follows a
// marker line on stdout. On failure it exits 1 with one JSON line on stderr: {kind, name, message,
// code, stack} (kind: "run" or "export").
import { pathToFileURL } from 'node:url';

function fail(kind, error) {
  const err = error instanceof Error ? error : new Error(String(error));
  const report = { kind, name: err.name, message: err.message, code: err.code ?? null, stack: String(err.stack ?? '') };
  process.stderr.write(`\n${JSON.stringify(report)}\n`);
  process.exit(1);
}

const MARKER = '--- docsite sidebars ---';
const file = process.argv[2];
let module;
try {
  module = await import(pathToFileURL(file).href);
} catch (error) {
  fail('run', error);
}
// CommonJS: `module.exports` is the default export; an ES module: `export default`.
const value = 'default' in module ? module.default : undefined;
if (value === null || typeof value !== 'object' || Array.isArray(value)) {
  const what = value === undefined ? 'nothing' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
  fail('export', new TypeError(`it exports ${what}, not an object mapping sidebar ids to their items`));
}
let json;
try {
  json = JSON.stringify(value);
} catch (error) {
  fail('export', error); // a BigInt, or an object inside itself
}
// After a marker line: what the file itself prints (a console.log) comes before it.
process.stdout.write(`\n${MARKER}\n${json}`);
