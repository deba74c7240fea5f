// Builds the web app into dist/web (served by the Fastify app); in development proxies /api to the API on :3000.
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { inlineScripts } from './scripts/inline-scripts';

/** Fills index.html's `<script data-inline>` tags with their TypeScript modules, bundled (scripts/inline-scripts.ts),
 *  in the dev server and the build alike. They come with every page, and scripts/size.mjs counts them into the first
 *  load; the server allows them by the hash of what is built. */
function inlineScriptsPlugin(): Plugin {
  let root = process.cwd();
  /** The files the inlined scripts were bundled from: a change to one reloads the dev server's page. */
  let sources = new Set<string>();
  return {
    name: 'inline-scripts',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (sources.has(path.resolve(file))) server.ws.send({ type: 'full-reload' });
      });
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        const inlined = await inlineScripts(html, root);
        sources = new Set(inlined.sources);
        return inlined.html;
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), inlineScriptsPlugin()],
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
      // Every browser since 2023 preloads modules itself; an older one fetches a rendered page's chunks when the entry
      // imports them rather than beside it. The polyfill was 0.2 KB of every first load.
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    // Everything the entry imports statically goes into the entry's own file. Left to itself, Rolldown cut React, the
    // JSX runtime and its own runtime into three small files beside the entry, each compressed on its own and each
    // naming what it exports: 0.9 KB gzip more for the same code on every first load. Likewise the parts the
    // catalogue's pages share (the loading and error view, the cards, the course list's query, with TanStack Query's
    // observer that they pull in) are one file: as four they cost the home page 0.6 KB more; a page that shows no card
    // loads up to 0.9 KB of cards with them. (The server bundle keeps the default: it is not downloaded.)
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'index', tags: ['$initial'] },
                {
                  name: 'catalogue-views',
                  test: /src\/web\/(components\/(query-view|content-card)|features\/courses\/(components\/course-card|api\/get-courses))\.tsx?$/,
                },
              ],
            },
          },
        },
  },
  server: {
    port: 5173,
    // Uploaded media is served by the API process too (public/media holds only the demo files).
    proxy: { '/api': 'http://localhost:3000', '/media/uploads': 'http://localhost:3000' },
  },
}));
