// Prerender every route of a build to HTML, in one Node process.
//
//   node scripts/prerender.mjs <build-dir> <jobs.json>
//
// jobs.json: [{"route": "/docs/environments", "data": "_data/page/docs/environments.json",
//              "html": "docs/environments/index.html"}, ...]
// Prints "progress <done> <total>" lines for the builder's progress bar. On a failure it prints
// the route and the error with its causes to stderr and exits with status 1.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'dist');

function entryAssets(manifest) {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The client build has no entry chunk: rebuild the front end.');
  const css = new Set(entry.css ?? []);
  const preload = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || preload.has(chunk.file)) return;
    preload.add(chunk.file);
    (chunk.css ?? []).forEach((file) => css.add(file));
    (chunk.imports ?? []).forEach(visit);
  };
  (entry.imports ?? []).forEach(visit);
  return { entry: entry.file, css: [...css], preload: [...preload] };
}

function describe(error) {
  const lines = [];
  for (let current = error, depth = 0; current && depth < 10; current = current.cause, depth++) {
    lines.push(depth === 0 ? String(current.stack ?? current) : `caused by: ${current.stack ?? current}`);
  }
  return lines.join('\n');
}

async function main() {
  const [buildDir, jobsFile] = process.argv.slice(2);
  if (!buildDir || !jobsFile) throw new Error('usage: prerender.mjs <build-dir> <jobs.json>');
  const { renderPage, sidebarDataPath } = await import(pathToFileURL(join(dist, 'server', 'entry-server.js')).href);
  const manifest = JSON.parse(await readFile(join(dist, 'client', '.vite', 'manifest.json'), 'utf8'));
  const assets = entryAssets(manifest);
  const site = JSON.parse(await readFile(join(buildDir, '_data', 'site.json'), 'utf8'));
  const jobs = JSON.parse(await readFile(jobsFile, 'utf8'));
  const sidebars = new Map();
  const step = Math.max(1, Math.floor(jobs.length / 100));

  for (let index = 0; index < jobs.length; index++) {
    const job = jobs[index];
    try {
      const page = JSON.parse(await readFile(join(buildDir, job.data), 'utf8'));
      const sidebarId = page.doc?.sidebar ?? null;
      let sidebar = null;
      if (sidebarId) {
        if (!sidebars.has(sidebarId)) {
          sidebars.set(sidebarId, JSON.parse(await readFile(join(buildDir, sidebarDataPath(sidebarId)), 'utf8')));
        }
        sidebar = sidebars.get(sidebarId);
      }
      const html = await renderPage(job.route, site, { page, sidebar }, assets);
      const target = join(buildDir, job.html);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, html);
    } catch (error) {
      process.stderr.write(`prerender failed for route ${job.route}\n${describe(error)}\n`);
      process.exit(1);
    }
    if ((index + 1) % step === 0 || index + 1 === jobs.length) process.stdout.write(`progress ${index + 1} ${jobs.length}\n`);
  }
}

main().catch((error) => {
  process.stderr.write(`${describe(error)}\n`);
  process.exit(1);
});
