// Prerender the routes of a build to HTML.
//
//   node scripts/prerender.mjs --stream [--compress=<brotli quality>,<gzip level>,<min bytes>]
//                                        (a build's process: see stream() below)
//   node scripts/prerender.mjs --serve   (the dev server's warm process: see serve() below)
//
// With --compress, a page of at least <min bytes> is written with its `.gz` and `.br` twins
// (docsite.delivery's levels, passed by the builder): compressing the HTML in the thread that holds
// it costs no second read of the file. On a failure it prints the route and the error with its
// causes to stderr and exits with status 1.
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

/**
 * The assets a page needs before it hydrates: the entry chunk, the chunk of the page's layout
 * (`layoutKey`, a manifest key such as src/layouts/DocPage.tsx or src/layouts/ApiPages.tsx), what
 * they import, and their CSS (a chunk's after that of the chunks it imports, as Vite loads them).
 *
 * The entry's CSS is inlined (`css`: one request less before the first paint). The CSS of the
 * lazily loaded chunks (the API pages' api.css, the search page's) is linked (`stylesheets`): the
 * browser imports those chunks before hydrating, and Vite's chunk loader fetches a chunk's
 * stylesheet unless a <link> to it is already in the document, so inlining it too would download it
 * twice. For the same reason the inlined ones are named by a disabled <link> (`inlined`, see
 * app/document.ts).
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
  const assets = { ...files, css: await Promise.all(files.css.map(stylesheetText)), inlined: files.css };
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
 * Renders jobs in one thread: the front end is loaded once per thread, and each build folder's site
 * data and sidebars are read once. A job is {"dir", "route", "data", "html"}: the build folder (a
 * locale's folder in the build), the route, its page data file and its HTML file in that folder.
 */
class Renderer {
  constructor(compression) {
    this.compression = compression;
    this.files = new Map(); // the site data and sidebars read, by absolute path
  }

  /** Write `job`'s page (and its twins); returns its inline scripts' hashes (scriptHashes). */
  async render(job) {
    try {
      const { sidebarDataPath } = await loadFrontEnd();
      const site = this.shared(join(job.dir, '_data', 'site.json'));
      const page = JSON.parse(readFileSync(join(job.dir, job.data), 'utf8'));
      const sidebarId = page.doc?.sidebar ?? null;
      const sidebar = sidebarId ? this.shared(join(job.dir, sidebarDataPath(sidebarId, page.doc?.version))) : null;
      const html = await renderHtml(job.route, site, page, sidebar);
      writePage(join(job.dir, job.html), html, this.compression);
      return scriptHashes(html);
    } catch (error) {
      throw new RouteError(job.route, error);
    }
  }

  /** A data file many pages read (the site's, a sidebar's), parsed once. */
  shared(file) {
    if (!this.files.has(file)) this.files.set(file, JSON.parse(readFileSync(file, 'utf8')));
    return this.files.get(file);
  }
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

/**
 * A build's process (--stream): a cold build starts it before it loads the content, so the front
 * end loads meanwhile (a warm build, with its first page to render); it renders each job as soon
 * as its line arrives on stdin, which the builder sends once the page's data is written. One job per line (Renderer), then a line {"end": true}
 * once every job was sent; stdin closing before that line means the build stopped: exit at once.
 * Prints "page <dir>/<html>\t<hashes>" once a page's files are written.
 *
 * This thread renders. Once the builder has sent every job, and so is done writing (it was busy
 * on the other core), more than WORKERS_FROM jobs left start a worker thread per further core (at
 * most 3 more). Before that, a worker would only take the cores from the builder: it would not
 * end the build sooner, and its memory would add to the builder's at its peak, while it builds
 * the search indexes (about 120 MB at 10,000 pages). A worker costs about 0.25 s of CPU before it
 * renders as fast as this thread (loading the front end again, then its first pages at several
 * times the usual 4 ms while its code warms up): a small site (this one's 83 routes), or a warm
 * build that renders a few pages, starts none. Each worker is given the next job whenever it
 * holds fewer than two, so that it never waits for this thread to finish a page.
 */
const WORKERS_FROM = 100;
const JOBS_PER_WORKER = 2;
const MORE_THREADS = Math.min(availableParallelism(), 4) - 1;

async function stream(compression) {
  const renderer = new Renderer(compression);
  const queue = [];
  const workers = [];
  let ended = false;
  let rendering = false; // this thread is working through the queue
  let pending = 0; // jobs received and not yet written

  let report = ''; // the "page" lines not yet written: one write for the pages done meanwhile
  const flush = () => {
    if (report) process.stdout.write(report);
    report = '';
  };
  const done = (job, hashes) => {
    if (!report) setImmediate(flush);
    report += `page ${join(job.dir, job.html)}\t${hashes}\n`;
    pending -= 1;
    if (ended && pending === 0) {
      flush();
      process.exit(0);
    }
  };
  const fail = (message) => {
    process.stderr.write(`${message}\n`);
    process.exit(1);
  };
  const feedWorkers = () => {
    for (const worker of workers) {
      while (worker.ready && worker.jobs.length < JOBS_PER_WORKER && queue.length) {
        const job = queue.shift();
        worker.jobs.push(job);
        worker.thread.postMessage(job);
      }
    }
  };
  const startWorkers = () => {
    while (workers.length < MORE_THREADS) {
      const worker = { thread: new Worker(here, { workerData: { compression } }), jobs: [], ready: false };
      worker.thread.on('message', (message) => {
        if ('error' in message) fail(message.error);
        else if ('ready' in message) worker.ready = true;
        else done(worker.jobs.shift(), message.hashes);
        feedWorkers();
      });
      worker.thread.on('error', (error) => fail(describe(error)));
      worker.thread.on('exit', (code) => code === 0 || fail(`a prerender worker exited with ${code}`));
      workers.push(worker);
    }
  };
  const renderHere = async () => {
    rendering = true;
    while (queue.length) {
      const job = queue.shift();
      done(job, await renderer.render(job));
      feedWorkers();
      await new Promise(setImmediate); // read the lines and messages that came meanwhile
    }
    rendering = false;
  };

  await loadFrontEnd();
  const { createInterface } = await import('node:readline');
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    const message = JSON.parse(line);
    if (message.end) {
      ended = true;
      if (pending === 0) {
        flush();
        process.exit(0);
      }
      if (queue.length > WORKERS_FROM) startWorkers();
      return;
    }
    queue.push(message);
    pending += 1;
    if (!rendering) renderHere().catch((error) => fail(describe(error)));
  });
  lines.on('close', () => ended || process.exit(1));
}

if (isMainThread && process.argv[2] === '--serve') {
  serve().catch((error) => {
    process.stderr.write(`${describe(error)}\n`);
    process.exit(1);
  });
} else if (isMainThread && process.argv[2] === '--stream') {
  stream(compressionOption(process.argv.slice(3))).catch((error) => {
    process.stderr.write(`${describe(error)}\n`);
    process.exit(1);
  });
} else if (isMainThread) {
  process.stderr.write('usage: prerender.mjs --stream [--compress=<brotli quality>,<gzip level>,<min bytes>] | --serve\n');
  process.exit(2);
} else {
  const renderer = new Renderer(workerData.compression);
  let rendered = Promise.resolve(); // one page at a time, in the order given
  parentPort.on('message', (job) => {
    rendered = rendered.then(() => renderer.render(job)).then(
      (hashes) => parentPort.postMessage({ hashes }),
      (error) => parentPort.postMessage({ error: describe(error) }),
    );
  });
  loadFrontEnd().then(
    () => parentPort.postMessage({ ready: true }),
    (error) => parentPort.postMessage({ error: describe(error) }),
  );
}
