// Part of `npm run build` (scripts/build.mjs): bundles the code runner's two scripts, the frame (which talks to the
// app) and its Worker (QuickJS, Pyodide's loader, sucrase and the shared test harness), each into one classic script,
// with esbuild, into <build>/runner/ (`--out <folder>`). The server serves them under the runner's path
// (src/server/plugins/practice-runner.ts), which bundles them in memory with `runnerBundles` when it runs from source.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNNER_DIR = 'src/web/features/practice/runner';
/** The bundles by file name: their entry modules. */
export const RUNNER_ENTRIES = {
  'frame.js': `${RUNNER_DIR}/frame/runner-frame.ts`,
  'worker.js': `${RUNNER_DIR}/frame/runner-worker.ts`,
};

/** The two bundles' text, by file name. */
export async function runnerBundles(projectRoot = root) {
  const bundles = {};
  for (const [name, entry] of Object.entries(RUNNER_ENTRIES)) {
    const result = await build({
      entryPoints: [path.join(projectRoot, entry)],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      logLevel: 'error',
      // Pyodide's loader imports Node's modules only when it runs in Node; the browser never reaches those imports.
      external: ['node:*'],
      // The Emscripten loaders read import.meta.url only to find their files, which are always given by address here.
      define: { 'import.meta.url': '""' },
    });
    bundles[name] = result.outputFiles[0].text;
  }
  return bundles;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outFlag = process.argv.indexOf('--out');
  if (outFlag < 0 || !process.argv[outFlag + 1]) {
    console.error('usage: node scripts/build-runner.mjs --out <folder> (npm run build makes a whole build)');
    process.exit(2);
  }
  const out = path.resolve(process.argv[outFlag + 1]);
  const started = Date.now();
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const sizes = [];
  for (const [name, text] of Object.entries(await runnerBundles())) {
    fs.writeFileSync(path.join(out, name), text);
    sizes.push(`${name} ${(Buffer.byteLength(text) / 1024).toFixed(0)} KB`);
  }
  console.log(`${path.relative(root, out)}/: ${sizes.join(', ')}, in ${Date.now() - started} ms`);
}
