// Prerender every route of a build to HTML.
//
//   node scripts/prerender.mjs <build-dir> <jobs.json> [--compress=<brotli quality>,<gzip level>,<min bytes>]
//   node scripts/prerender.mjs --serve        (the dev server's warm process: see serve() below)
//
// jobs.json: [{"route": "/docs/environments", "data": "_data/page/docs/environments.json",
//              "html": "docs/environments/index.html"}, ...]
// Large builds are split over worker threads, one per core, each taking the next job when it is
// done with one. With --compress, a page of at least <min bytes> is written with its `.gz` and `.br`
// twins (docsite.delivery's levels, passed by the builder): compressing the HTML in the thread that
// holds it costs no second read of the file. Prints "page <html>\t<hashes>" once a page's files are
// written, <hashes> being the CSP sources of its inline scripts, space-separated (scriptHashes), and
// "progress <done> <total>" lines for the builder's progress bar. On a failure it prints the
// route and the error with its causes to stderr and exits with status 1.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// React's production build: the development build is several times slower and warns on the console.
process.env.NODE_ENV = 'production';

const here = fileURLToPath(import.meta.url);
const dist = join(dirname(here), '..', 'dist');
const PARALLEL_FROM = 200;

/**
 * The assets a page needs before it hydrates: the entry chunk, the chunk of the page's layout
 * (`layoutKey`, a manifest key such as src/layouts/DocPage.tsx or src/layouts/ApiPages.tsx), what
 * they import, and their CSS (a chunk's after that of the chunks it imports, as Vite loads them).
 *
 * The entry's CSS is inlined (`css`: one request less before the first paint). The CSS of the
 * lazily loaded chunks (the API pages' api.css, the search page's) is linked (`stylesheets`): the
 * browser imports those chunks before hydrating, and Vite's chunk loader fetches a chunk's
 * stylesheet unless a <link> to it is already in the document, so inlining it too would download it
 * twice.
 */
function pageAssets(manifest, layoutKey) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('The client build has no entry chunk: rebuild the front end.');
  if (!manifest[layoutKey]) throw new Error(`The client build has no chunk for ${layoutKey}: rebuild the front end.`);
  const js = [];
  const visit = (key, css) => {
    const chunk = manifest[key];
    if (!chunk || js.includes(chunk.file)) return;
    js.push(chunk.file);
    (chunk.imports ?? []).forEach((name) => visit(name, css));
    (chunk.css ?? []).forEach((file) => css.includes(file) || css.push(file));
  };
  const css = [];
  const stylesheets = [];
  visit(entryKey, css);
  visit(layoutKey, stylesheets);
  const [entry, ...preload] = js;
  return { entry, preload, css, stylesheets: stylesheets.filter((file) => !css.includes(file)) };
}

/** The stylesheets' text, read once: pages inline their CSS (it holds no relative URLs). */
const stylesheets = new Map();
async function stylesheetText(file) {
  if (!stylesheets.has(file)) {
    const text = await readFile(join(dist, 'client', file), 'utf8');
    if (/url\((?!\s*["']?data:)/.test(text)) throw new Error(`${file} refers to a file by URL: it cannot be inlined.`);
    stylesheets.set(file, text.trim());
  }
  return stylesheets.get(file);
}

function describe(error) {
  const lines = [];
  for (let current = error, depth = 0; current && depth < 10; current = current.cause, depth++) {
    lines.push(depth === 0 ? String(current.stack ?? current) : `caused by: ${current.stack ?? current}`);
  }
  return lines.join('\n');
}

class RouteError extends Error {
  constructor(route, cause) {
    super(`prerender failed for route ${route}`, { cause });
  }
}

/** The server bundle and the client manifest, loaded once per process. */
let frontEnd = null;
async function loadFrontEnd() {
  if (!frontEnd) {
    const server = await import(pathToFileURL(join(dist, 'server', 'entry-server.js')).href);
    const manifest = JSON.parse(await readFile(join(dist, 'client', '.vite', 'manifest.json'), 'utf8'));
    frontEnd = { ...server, manifest };
  }
  return frontEnd;
}

/** One page's HTML from its data, its sidebar's and the site's. */
async function renderHtml(route, site, page, sidebar) {
  const { renderPage, layoutModule, manifest } = await loadFrontEnd();
  const files = pageAssets(manifest, layoutModule(page).module);
  const assets = { ...files, css: await Promise.all(files.css.map(stylesheetText)) };
  return renderPage(route, site, { page, sidebar }, assets);
}

/** The compression levels of `--compress=<brotli quality>,<gzip level>,<min bytes>` (null: none). */
function compressionOption(args) {
  const option = args.find((arg) => arg.startsWith('--compress='));
  if (!option) return null;
  const [brotli, gzip, min] = option.slice('--compress='.length).split(',').map(Number);
  if (![brotli, gzip, min].every(Number.isInteger)) throw new Error(`bad option ${option}`);
  return { brotli, gzip, min };
}

const madeFolders = new Set();

/**
 * Write a page, and its twins when `compression` asks for them. Synchronous: each thread renders
 * one page at a time, and awaiting the file system only left the thread idle meanwhile. The twins
 * are written after the page, so they are newer than it, as docsite.delivery expects of fresh ones.
 */
function writePage(target, html, compression) {
  const folder = dirname(target);
  if (!madeFolders.has(folder)) {
    mkdirSync(folder, { recursive: true });
    madeFolders.add(folder);
  }
  const bytes = Buffer.from(html, 'utf8');
  writeFileSync(target, bytes);
  if (!compression || bytes.length < compression.min) return;
  writeFileSync(`${target}.gz`, gzipSync(bytes, { level: compression.gzip }));
  const params = {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: compression.brotli,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
  };
  writeFileSync(`${target}.br`, brotliCompressSync(bytes, { params }));
}

const INLINE_SCRIPT = /<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/gi;
const DATA_TYPE = /\stype=["']?application\/(?:json|ld\+json)/i;

/**
 * `'sha256-…'` of every inline script a page runs (data blocks are not run: no hash), as
 * docsite.delivery.file_script_hashes finds them in the page's file: the builder lists them in the
 * site's Content-Security-Policy without reading every page again.
 */
function scriptHashes(html) {
  const found = new Set();
  for (const [, attrs, body] of html.matchAll(INLINE_SCRIPT)) {
    if (!attrs.includes(' src=') && !DATA_TYPE.test(attrs) && body) {
      found.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return [...found].sort().join(' ');
}

/**
 * Render jobs in this thread, taking the index of each next one from `next()` (-1: none left);
 * `onDone(index, hashes)` after each page is written (`hashes`: scriptHashes's).
 */
async function renderJobs(buildDir, jobs, next, compression, onDone) {
  const { sidebarDataPath } = await loadFrontEnd();
  const site = JSON.parse(readFileSync(join(buildDir, '_data', 'site.json'), 'utf8'));
  const sidebars = new Map();
  for (let index = next(); index >= 0; index = next()) {
    const job = jobs[index];
    let hashes;
    try {
      const page = JSON.parse(readFileSync(join(buildDir, job.data), 'utf8'));
      const sidebarId = page.doc?.sidebar ?? null;
      const sidebarFile = sidebarId ? sidebarDataPath(sidebarId, page.doc?.version) : null;
      if (sidebarFile && !sidebars.has(sidebarFile)) {
        sidebars.set(sidebarFile, JSON.parse(readFileSync(join(buildDir, sidebarFile), 'utf8')));
      }
      const html = await renderHtml(job.route, site, page, sidebars.get(sidebarFile) ?? null);
      writePage(join(buildDir, job.html), html, compression);
      hashes = scriptHashes(html);
    } catch (error) {
      throw new RouteError(job.route, error);
    }
    onDone(index, hashes);
  }
}

/** The jobs' indexes one after the other, to the threads sharing `counter` (an Int32Array on shared memory). */
function taking(count, counter) {
  return () => {
    const index = Atomics.add(counter, 0, 1);
    return index < count ? index : -1;
  };
}

/**
 * The dev server's warm process: the server bundle stays loaded between rebuilds, and each rebuild
 * sends only the routes it changed. One request per stdin line, one answer per stdout line:
 *
 *   {"id": 1, "dir": "/abs/build-dev", "site": {...}, "jobs": [{"route", "html", "page", "sidebar"}]}
 *   -> {"id": 1, "ok": true}  or  {"id": 1, "ok": false, "error": "prerender failed for route ..."}
 *
 * The data travels in the request (the builder has it in memory, and writes it only once every page
 * rendered); each page is written to `<html>.docsite-new`, which the builder renames into place when
 * the whole request succeeded, or deletes: a failed rebuild leaves the last good pages served.
 */
async function serve() {
  const { createInterface } = await import('node:readline');
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const request = JSON.parse(line);
    try {
      for (const job of request.jobs) {
        try {
          const html = await renderHtml(job.route, request.site, job.page, job.sidebar ?? null);
          const target = join(request.dir, `${job.html}.docsite-new`);
          await mkdir(dirname(target), { recursive: true });
          await writeFile(target, html);
        } catch (error) {
          throw new RouteError(job.route, error);
        }
      }
      process.stdout.write(`${JSON.stringify({ id: request.id, ok: true })}\n`);
    } catch (error) {
      process.stdout.write(`${JSON.stringify({ id: request.id, ok: false, error: describe(error) })}\n`);
    }
  }
}

function inWorkers(buildDir, jobs, count, compression, onDone) {
  const counter = new SharedArrayBuffer(4);
  return Promise.all(
    Array.from(
      { length: Math.min(count, jobs.length) },
      () =>
        new Promise((resolve, reject) => {
          const worker = new Worker(here, { workerData: { buildDir, jobs, counter, compression } });
          worker.on('message', (message) => ('done' in message ? onDone(message.done, message.hashes) : reject(new Error(message.error))));
          worker.on('error', reject);
          worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a prerender worker exited with ${code}`))));
        }),
    ),
  );
}

async function main() {
  const args = process.argv.slice(2);
  const [buildDir, jobsFile] = args.filter((arg) => !arg.startsWith('--'));
  if (!buildDir || !jobsFile) throw new Error('usage: prerender.mjs <build-dir> <jobs.json> [--compress=...]');
  const compression = compressionOption(args);
  const jobs = JSON.parse(readFileSync(jobsFile, 'utf8'));
  const step = Math.max(1, Math.floor(jobs.length / 100));
  let done = 0;
  const onDone = (index, hashes) => {
    process.stdout.write(`page ${jobs[index].html}\t${hashes}\n`);
    done += 1;
    if (done % step === 0 || done === jobs.length) process.stdout.write(`progress ${done} ${jobs.length}\n`);
  };
  const cores = availableParallelism();
  if (jobs.length >= PARALLEL_FROM && cores > 1) {
    await inWorkers(buildDir, jobs, Math.min(cores, 4), compression, onDone);
  } else {
    await renderJobs(buildDir, jobs, taking(jobs.length, new Int32Array(1)), compression, onDone);
  }
}

if (isMainThread && process.argv[2] === '--serve') {
  serve().catch((error) => {
    process.stderr.write(`${describe(error)}\n`);
    process.exit(1);
  });
} else if (isMainThread) {
  main().catch((error) => {
    process.stderr.write(`${describe(error)}\n`);
    process.exit(1);
  });
} else {
  const { buildDir, jobs, counter, compression } = workerData;
  const next = taking(jobs.length, new Int32Array(counter));
  renderJobs(buildDir, jobs, next, compression, (index, hashes) => parentPort.postMessage({ done: index, hashes })).catch((error) => {
    parentPort.postMessage({ error: describe(error) });
  });
}
