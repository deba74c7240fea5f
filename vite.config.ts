// Builds the web app into dist/web (served by the Fastify app); in development proxies /api to the API on :3000.
import react from '@vitejs/plugin-react';
import { transform } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';

/** Minifies index.html's inline scripts (the theme, a rendered page's starter) in the build: they come with every
 *  page, and scripts/size.mjs counts them into the first load. The server allows them by the hash of what is built. */
function minifyInlineScripts(): Plugin {
  return {
    name: 'minify-inline-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
        let out = html;
        for (const [tag, code] of scripts) {
          const { code: minified } = await transform(code, { minify: true, target: 'es2020' });
          out = out.replace(tag, `<script>${minified.trim()}</script>`);
        }
        return out;
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), minifyInlineScripts()],
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
