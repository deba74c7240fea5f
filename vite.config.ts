// Builds the web app into dist/web (served by the Fastify app); in development proxies /api to the API on :3000.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    // scripts/size.mjs reads the manifest to follow the entry's static imports.
    manifest: true,
    target: 'es2022',
    // index.html preloads everything the entry imports. A lazy page's CSS still comes with it, but its shared
    // JavaScript chunks are not listed for preloading: the page chunk imports them itself (one more round trip on a
    // first visit to that kind of page), and the entry no longer carries a list of hashed file names per route
    // (≈ 55 names that gzip cannot shrink: 0.9 KB of the home page's 100 KB budget).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
  },
  server: {
    port: 5173,
    // Uploaded media is served by the API process too (public/media holds only the demo files).
    proxy: { '/api': 'http://localhost:3000', '/media/uploads': 'http://localhost:3000' },
  },
});
