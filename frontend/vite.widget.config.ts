import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

// The sandbox sales widget, built on its own: one IIFE script with no framework, which a host page
// loads with a <script> tag (window.OneboxWidget). WIDGET_ENTRY=preview builds the script of the
// simulators' preview page instead, and emits the page beside it. Both go to dist/client/widget/,
// served at /widget/ (budget: 35 KB gzip for the widget; README "Benchmarks").
const preview = process.env.WIDGET_ENTRY === 'preview';

export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist/client/widget',
    emptyOutDir: false,
    target: 'es2020',
    lib: {
      entry: preview ? 'src/widget/preview.ts' : 'src/widget/index.ts',
      formats: ['iife'],
      name: preview ? 'OneboxWidgetPreview' : 'OneboxWidgetSandbox',
      fileName: () => (preview ? 'preview.js' : 'onebox-widget.js'),
    },
  },
  plugins: preview
    ? [
        {
          name: 'preview-page',
          generateBundle() {
            this.emitFile({ type: 'asset', fileName: 'preview.html', source: readFileSync('src/widget/preview.html', 'utf8') });
          },
        },
      ]
    : [],
});
