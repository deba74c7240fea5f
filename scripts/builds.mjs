// Builds live side by side in .dist/<id>/ (web, ssr, server, build-info.json) and `dist` is a symbolic link to the
// current one. A build is made aside and `dist` is then swapped to it in one rename, so a server already running keeps
// its own build's files whatever another `npm start` or `npm run build` does meanwhile, and two builds at once never
// write into the same folder. A build records a hash of its sources, so `npm start` rebuilds only when they changed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What a build is made from: a change to any of these makes the current build stale. */
export const BUILD_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/builds.mjs',
  'scripts/build-server.mjs',
  'scripts/build-runner.mjs',
  'scripts/inline-scripts.ts',
];

export const BUILD_INFO = 'build-info.json';
/** Inside a build: one empty file per server process running from it, named by its process id. */
export const SERVERS_DIR = 'servers';

/** A hash of every input file's path and content (test files included: cheap, and never wrong). */
export function sourcesHash(root, inputs = BUILD_INPUTS) {
  const hash = crypto.createHash('sha256');
  const visit = (rel) => {
    const file = path.join(root, rel);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(file).sort()) visit(path.join(rel, name));
      return;
    }
    hash.update(`${rel.split(path.sep).join('/')}\0${stat.size}\0`);
    hash.update(fs.readFileSync(file));
  };
  for (const input of inputs) visit(input);
  return hash.digest('hex');
}

/** The current build's recorded info, or null when there is none (no `dist`, or one made before builds were kept). */
export function currentBuild(root) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, 'dist', BUILD_INFO), 'utf8'));
  } catch {
    return null;
  }
}

/** A new, empty folder for a build, named by its time and unique however many builds start at once. */
export function newBuildDir(root) {
  fs.mkdirSync(path.join(root, '.dist'), { recursive: true });
  return fs.mkdtempSync(path.join(root, '.dist', `${new Date().toISOString().replace(/[:.]/g, '-')}-`));
}

/** Marks `dir` a finished build of `sources` (a build without this file is unfinished or abandoned). */
export function finishBuild(dir, sources) {
  fs.writeFileSync(path.join(dir, BUILD_INFO), `${JSON.stringify({ sources, builtAt: new Date().toISOString() })}\n`);
}

/** Points `dist` at `dir` in one rename, so a reader sees the old build or the new one, never a mix. */
export function makeCurrent(root, dir) {
  const link = path.join(root, 'dist');
  const stat = fs.lstatSync(link, { throwIfNoEntry: false });
  if (stat && !stat.isSymbolicLink()) {
    // A `dist` folder from before builds were kept aside: moved into .dist (and pruned with the others).
    fs.renameSync(link, path.join(root, '.dist', `folder-${Date.now()}-${process.pid}`));
  }
  const next = path.join(root, `dist.next-${process.pid}`);
  fs.rmSync(next, { force: true });
  fs.symlinkSync(path.relative(root, dir), next, 'dir');
  fs.renameSync(next, link);
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Whether a server process is still running from `dir` (its marker files name live processes). */
export function inUse(dir) {
  const servers = path.join(dir, SERVERS_DIR);
  const pids = fs.existsSync(servers) ? fs.readdirSync(servers).map(Number).filter(Number.isInteger) : [];
  return pids.some(isRunning);
}

/** Removes the builds nothing needs: not the current one, none a server runs from, none still being made (a build
 *  without its info file is left alone for a day, then counted as abandoned). Returns the names removed. */
export function pruneBuilds(root, { now = Date.now(), abandonedAfterMs = 24 * 3600_000 } = {}) {
  const builds = path.join(root, '.dist');
  if (!fs.existsSync(builds)) return [];
  const current = fs.existsSync(path.join(root, 'dist')) ? fs.realpathSync(path.join(root, 'dist')) : null;
  const removed = [];
  for (const name of fs.readdirSync(builds)) {
    const dir = path.join(builds, name);
    if (dir === current || inUse(dir)) continue;
    const finished = fs.existsSync(path.join(dir, BUILD_INFO)) || name.startsWith('folder-');
    if (!finished && now - fs.statSync(dir).mtimeMs < abandonedAfterMs) continue;
    fs.rmSync(dir, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
