// Part of `npm run build` (scripts/build.mjs): compiles the server (src/server/main.ts and everything it imports from
// src/) into one ES module, <build>/server/main.js (`--out <folder>`), with esbuild; packages stay in node_modules. The
// grading worker threads' entry is compiled beside it (grading-worker.js), and the SQL migrations are copied beside
// it too (src/server/paths.ts finds both there when the server runs compiled). `npm start` runs this output, so no
// TypeScript is compiled at run time (docs/decisions/0012-compiled-server.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outFlag = process.argv.indexOf('--out');
if (outFlag < 0 || !process.argv[outFlag + 1]) {
  console.error('usage: node scripts/build-server.mjs --out <folder> (npm run build makes a whole build)');
  process.exit(2);
}
const out = path.resolve(process.argv[outFlag + 1]);

fs.rmSync(out, { recursive: true, force: true });
const started = Date.now();
await build({
  // The grading worker threads run their own entry, found beside main.js (src/server/paths.ts).
  entryPoints: {
    main: path.join(root, 'src/server/main.ts'),
    'grading-worker': path.join(root, 'src/server/modules/practice/grading/grading-worker.ts'),
  },
  outdir: out,
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
console.log(
  `${path.relative(root, out)}/main.js (${kb} KB), grading-worker.js and the migrations, in ${Date.now() - started} ms`,
);
