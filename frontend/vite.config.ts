import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { bundleReport } from './scripts/bundleReport.ts';

// `npm run analyze` builds in mode "analyze" into dist/analyze: the same bundle, with its report.
const ANALYZE_DIR = 'dist/analyze';

// The site's base URL is configuration (content/site.yaml), not known when the front end is built:
// JavaScript finds its chunks under window.__DOCSITE_BASE__, CSS refers to its assets relatively.
export default defineConfig(({ mode }) => ({
  plugins: [react(), ...(mode === 'analyze' ? [bundleReport(ANALYZE_DIR)] : [])],
  build: {
    outDir: mode === 'analyze' ? ANALYZE_DIR : 'dist/client',
    manifest: true,
    assetsDir: 'assets',
    rollupOptions: {
      input: 'src/entry-client.tsx',
      output: {
        codeSplitting: {
          groups: [
            // What doc pages (and blog posts) need besides their layout, in one chunk: docs sidebar, TOC,
            // their content until it hydrates.
            {
              name: 'doc',
              test: /\/src\/layouts\/(DocParts|DocSidebar|TableOfContents|ArticleContent)/,
              includeDependenciesRecursively: false,
              priority: 3,
            },
            // What docs, blog posts and API pages share, so that an API page loads nothing of the doc
            // chunk: what prerendered HTML needs until it hydrates (lib/prerendered.tsx), the tree
            // renderer the table of contents uses too, and the hook that follows the heading in view.
            {
              name: 'prerendered',
              test: /\/src\/(lib\/(prerendered|useActiveHeading)|renderers\/(prerendered|tree|Math))/,
              includeDependenciesRecursively: false,
              priority: 3,
            },
            // The content renderers, in one chunk: a doc's first load does without them until its
            // content hydrates (layouts/DocContent.tsx).
            { name: 'content', test: /\/src\/renderers\//, includeDependenciesRecursively: false, priority: 2 },
            // Everything the entry imports statically in one chunk (rolldown would split what lazy
            // chunks share with the entry into several small chunks, each one more request).
            { name: 'main', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  // The search worker is an ES module: the lunr-languages code a locale's index needs is a chunk of
  // its own, fetched by the worker when it reads that index (an IIFE worker would hold every language).
  worker: { format: 'es' },
  experimental: {
    renderBuiltUrl(filename, { hostType }) {
      if (hostType === 'js') return { runtime: `window.__DOCSITE_BASE__+${JSON.stringify(filename)}` };
      return { relative: true };
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // The Try-it samples' parity test reads the cases tests/unit/test_openapi_samples.py writes
    // (SAMPLES_PARITY): that test runs it; on its own there is nothing to compare.
    exclude: process.env.SAMPLES_PARITY ? [] : ['src/api/tryit/samples.parity.test.ts'],
  },
}));
