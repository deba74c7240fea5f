// `npm run build:server`: compiles the server (src/server/main.ts and everything it imports from src/) into one ES
// module, dist/server/main.js, with esbuild; packages stay in node_modules. The SQL migrations are copied beside it
// (db/client.ts finds them next to the running module). `npm start` runs this output, so no TypeScript is compiled
// at run time (docs/decisions/0012-compiled-server.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = path.join(root, 'dist', 'server');

fs.rmSync(out, { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: [path.join(root, 'src/server/main.ts')],
  outfile: path.join(out, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
});
fs.cpSync(path.join(root, 'src/server/db/migrations'), path.join(out, 'migrations'), { recursive: true });
const kb = (fs.statSync(path.join(out, 'main.js')).size / 1024).toFixed(0);
console.log(`dist/server/main.js (${kb} KB) and its migrations, in ${Date.now() - started} ms`);
