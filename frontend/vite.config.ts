import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The site's base URL is configuration (content/site.yaml), not known when the front end is built:
// JavaScript finds its chunks under window.__DOCSITE_BASE__, CSS refers to its assets relatively.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    manifest: true,
    assetsDir: 'assets',
    rollupOptions: { input: 'src/entry-client.tsx' },
  },
  experimental: {
    renderBuiltUrl(filename, { hostType }) {
      if (hostType === 'js') return { runtime: `window.__DOCSITE_BASE__+${JSON.stringify(filename)}` };
      return { relative: true };
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
