// Evaluates a Docusaurus sidebars file (sidebars.js, .cjs, .mjs or .ts) and prints what it exports as
// JSON. Run by docsite.sidebars_file: `node --enable-source-maps sidebars_eval.mjs /abs/sidebars.js
// <front-end folder>`. The JSON follows a marker line on stdout. On failure it exits 1 with one JSON
// line on stderr: {kind, name, message, code, stack} (kind: "run", "export" or "typescript").
//
// A sidebars.ts is made JavaScript by TypeScript's transpileModule (the content folder's TypeScript,
// else the front end's), with a source map so that an exception names the .ts file's own line.
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const MARKER = '--- docsite sidebars ---';
const [file, frontend] = process.argv.slice(2);

function fail(kind, error) {
  const err = error instanceof Error ? error : new Error(String(error));
  const report = { kind, name: err.name, message: err.message, code: err.code ?? null, stack: String(err.stack ?? '') };
  process.stderr.write(`\n${JSON.stringify(report)}\n`);
  process.exit(1);
}

function typescript() {
  for (const from of [file, path.join(frontend ?? '.', 'package.json')]) {
    try {
      return createRequire(from)('typescript');
    } catch {
      // not installed there
    }
  }
  return fail('typescript', new Error('TypeScript is not installed here'));
}

function loadTypeScript() {
  const ts = typescript();
  const out = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
    fileName: file,
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, inlineSourceMap: true },
  });
  const [problem] = out.diagnostics ?? [];
  if (problem) {
    const line = problem.file ? problem.file.getLineAndCharacterOfPosition(problem.start).line + 1 : 1;
    const error = new SyntaxError(ts.flattenDiagnosticMessageText(problem.messageText, ' '));
    error.stack = `${file}:${line}\n${error.name}: ${error.message}`;
    throw error;
  }
  const module = new Module(file, null);
  module.filename = file;
  module.paths = Module._nodeModulePaths(path.dirname(file));
  module._compile(out.outputText, file);
  return module.exports.__esModule ? module.exports : { default: module.exports };
}

let loaded;
try {
  loaded = /\.ts$/.test(file) ? loadTypeScript() : await import(pathToFileURL(file).href);
} catch (error) {
  fail('run', error);
}
// CommonJS: `module.exports` is the default export; an ES module: `export default`.
const value = 'default' in loaded ? loaded.default : undefined;
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
