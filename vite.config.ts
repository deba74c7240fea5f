// Builds the web app into dist/web (served by the Fastify app); in development proxies /api to the API on :3000.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    // wouter and Tiptap import useSyncExternalStore through its shim package, which hands out React's own since React
    // 18 but still ships its fallback: 0.3 KB gzip of the home page's first load that never runs here (React 19).
    alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' }],
  },
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    // scripts/size.mjs reads the manifest to follow the entry's static imports.
    manifest: true,
    target: 'es2022',
    // index.html preloads everything the entry imports (nothing since the entry is one file, below). A lazy page's CSS
    // still comes with it, but its shared JavaScript chunks are not listed for preloading: the page chunk imports them
    // itself (one more round trip on a first visit to that kind of page), and the entry no longer carries a list of
    // hashed file names per route (≈ 55 names that gzip cannot shrink: 0.9 KB of the home page's first load).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    // Everything the entry imports statically goes into the entry's own file. Left to itself, Rolldown cut React, the
    // JSX runtime and its own runtime into three small files beside the entry, each compressed on its own and each
    // naming what it exports: 0.9 KB gzip more for the same code on every first load. (The server bundle keeps the
    // default: it is not downloaded.)
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
  },
  server: {
    port: 5173,
    // Uploaded media is served by the API process too (public/media holds only the demo files).
    proxy: { '/api': 'http://localhost:3000', '/media/uploads': 'http://localhost:3000' },
  },
}));
