// `npm run build`: the web app (Vite, into <build>/web), its server-rendering entry (<build>/ssr), the compiled
// server (<build>/server/main.js) and the code runner's frame and Worker scripts (<build>/runner), made aside in
// .dist/<id>/ and then made current by pointing `dist` at it (scripts/builds.mjs). With --if-changed (what `npm start`
// runs) nothing is built when `dist` was built from the same sources.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { currentBuild, finishBuild, makeCurrent, newBuildDir, pruneBuilds, sourcesHash } from './builds.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ifChanged = process.argv.includes('--if-changed');

const sources = sourcesHash(root);
if (ifChanged && currentBuild(root)?.sources === sources) {
  console.log('dist/ was built from these sources: not rebuilding (npm run build forces a build).');
  process.exit(0);
}

function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`The build failed (${args.join(' ')}); dist/ is left as it was.`);
    process.exit(result.status ?? 1);
  }
}

const started = Date.now();
const dir = newBuildDir(root);
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
run([vite, 'build', '--outDir', path.join(dir, 'web'), '--emptyOutDir']);
run([vite, 'build', '--ssr', 'src/web/entry-server.tsx', '--outDir', path.join(dir, 'ssr'), '--emptyOutDir']);
run(['scripts/build-server.mjs', '--out', path.join(dir, 'server')]);
run(['scripts/build-runner.mjs', '--out', path.join(dir, 'runner')]);
finishBuild(dir, sources);
makeCurrent(root, dir);
const pruned = pruneBuilds(root);
console.log(
  `Built ${path.relative(root, dir)} in ${((Date.now() - started) / 1000).toFixed(1)} s; dist/ points to it` +
    (pruned.length ? ` (removed ${pruned.length} older build(s) no server runs from)` : ''),
);
