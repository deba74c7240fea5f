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
  },
  server: {
    port: 5173,
    // Uploaded media is served by the API process too (public/media holds only the demo files).
    proxy: { '/api': 'http://localhost:3000', '/media/uploads': 'http://localhost:3000' },
  },
});
