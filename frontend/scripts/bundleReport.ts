/**
 * `npm run analyze`: what each chunk of the browser bundle is made of, module by module, gzip
 * compressed as a reader downloads it. Vite builds as usual (`--mode analyze`) and this plugin
 * prints, per chunk, its gzip size and its largest parts grouped by package (node_modules) or by
 * source folder, and writes every module's figures to dist/bundle-report.json.
 *
 * A module's gzip size is its share of its chunk's: the chunk's gzip size split in proportion to
 * its modules' code compressed alone (that code is not minified yet, and gzip finds less to share
 * in a part than in the whole, so sizes alone add up to more than the chunk).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const GZIP_LEVEL = 6; // bench/weight.py's
const SHOWN_PER_CHUNK = 12;

export interface ModuleSize {
  module: string;
  group: string;
  bytes: number;
  gzip: number;
}

export interface ChunkReport {
  file: string;
  entry: boolean;
  bytes: number;
  gzip: number;
  modules: ModuleSize[];
}

const gzipSize = (code: string) => gzipSync(code, { level: GZIP_LEVEL }).length;

/** node_modules/react-dom/cjs/... -> react-dom; /repo/frontend/src/search/x.ts -> src/search. */
export function groupOf(id: string): string {
  const clean = id.replace(/\?.*$/, '').replace(/^\0/, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (pkg) return pkg[1]!;
  const source = /\/frontend\/src\/(?:(.+)\/)?[^/]+$/.exec(clean);
  if (source) return source[1] ? `src/${source[1]}` : 'src';
  return clean.startsWith('vite/') || !clean.includes('/') ? 'bundler runtime' : clean;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function summary(chunks: ChunkReport[]): string {
  const lines: string[] = [];
  for (const chunk of chunks) {
    lines.push(`${chunk.file}${chunk.entry ? ' (entry)' : ''}: ${kb(chunk.gzip)} gzip, ${kb(chunk.bytes)}`);
    const groups = new Map<string, { bytes: number; gzip: number; count: number }>();
    for (const module of chunk.modules) {
      const group = groups.get(module.group) ?? { bytes: 0, gzip: 0, count: 0 };
      group.bytes += module.bytes;
      group.gzip += module.gzip;
      group.count += 1;
      groups.set(module.group, group);
    }
    const sorted = [...groups.entries()].sort((a, b) => b[1].gzip - a[1].gzip);
    for (const [name, group] of sorted.slice(0, SHOWN_PER_CHUNK)) {
      lines.push(`  ${kb(group.gzip).padStart(9)}  ${name} (${group.count} module${group.count === 1 ? '' : 's'})`);
    }
    if (sorted.length > SHOWN_PER_CHUNK) lines.push(`  ... ${sorted.length - SHOWN_PER_CHUNK} more`);
  }
  return lines.join('\n');
}

/** The plugin; `outDir` is where the JSON report goes (the build's own folder). */
export function bundleReport(outDir: string): Plugin {
  return {
    name: 'docsite-bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkReport[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const gzip = gzipSize(output.code);
        const modules = Object.entries(output.modules)
          .filter(([, module]) => module.renderedLength > 0)
          .map(([id, module]) => ({
            module: id.replace(/^.*\/node_modules\//, 'node_modules/').replace(/^.*\/frontend\//, ''),
            group: groupOf(id),
            bytes: module.renderedLength,
            gzip: gzipSize(module.code ?? ''),
          }));
        const alone = modules.reduce((sum, module) => sum + module.gzip, 0);
        for (const module of modules) module.gzip = Math.round((module.gzip * gzip) / (alone || 1));
        modules.sort((a, b) => b.gzip - a.gzip);
        chunks.push({ file: output.fileName, entry: output.isEntry, bytes: output.code.length, gzip, modules });
      }
      chunks.sort((a, b) => Number(b.entry) - Number(a.entry) || b.gzip - a.gzip);
      const file = join(outDir, 'bundle-report.json');
      mkdirSync(outDir, { recursive: true });
      writeFileSync(file, JSON.stringify(chunks, null, 2));
      console.log(`\n${summary(chunks)}\n(every module: ${file})`);
    },
  };
}
