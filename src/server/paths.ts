// Where the project's own files are, found once from the running module. The server runs from its source
// (`src/server/…` under tsx: tests, `npm run dev`, the seed) and compiled into one file (`<build>/server/main.js`, what
// `npm start` runs), so a path written relative to a source file is right in one and wrong in the other. Every path
// to a project file is resolved here, from the project's root (the nearest folder above whose package.json is this
// project's) or, when compiled, from the build the server was compiled into: a running server keeps serving its
// own build's files while a newer build is made beside it (scripts/builds.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'devcourses';
/** The file every finished build holds at its top (written by scripts/builds.mjs). */
const BUILD_INFO = 'build-info.json';

function isProjectRoot(dir: string): boolean {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown };
    return pkg.name === PACKAGE_NAME;
  } catch {
    return false;
  }
}

/** The project's root folder, searched upwards from `from`; throws when no folder above it is the project. */
export function findProjectRoot(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (isProjectRoot(dir)) return dir;
    if (path.dirname(dir) === dir) {
      throw new Error(
        `No folder above ${from} holds the ${PACKAGE_NAME} package.json: cannot find the project's files`,
      );
    }
  }
}

/** The build holding `moduleDir` when it is a compiled server's folder (`<build>/server`), else null. */
export function buildOf(moduleDir: string): string | null {
  const build = path.dirname(moduleDir);
  return path.basename(moduleDir) === 'server' && fs.existsSync(path.join(build, BUILD_INFO)) ? build : null;
}

const moduleDir = path.dirname(fileURLToPath(import.meta.url));
const root = findProjectRoot(moduleDir);
/** Compiled: the build this server is part of. From source: the current build (`dist`), when there is one. */
const ownBuild = buildOf(moduleDir);
const build =
  ownBuild ??
  (fs.existsSync(path.join(root, 'dist')) ? fs.realpathSync(path.join(root, 'dist')) : path.join(root, 'dist'));

export const PATHS = {
  root,
  /** Whether this process runs the compiled server (`npm start`), not the TypeScript source. */
  compiled: ownBuild !== null,
  /** The build whose web app this process serves. */
  build,
  /** The web app's static files in the repository: the demo catalogue's videos, captions and images. */
  publicDir: path.join(root, 'public'),
  /** The built web app (`vite build`): served, and its index.html is the page template. */
  webDir: path.join(build, 'web'),
  /** The code runner's frame and Worker scripts (scripts/build-runner.mjs), read when the server runs compiled. */
  runnerDir: path.join(build, 'runner'),
  /** The SQL migrations applied at start-up: the build's own copy when compiled, else the source folder. */
  migrationsDir: ownBuild
    ? path.join(ownBuild, 'server', 'migrations')
    : path.join(root, 'src', 'server', 'db', 'migrations'),
  /** The grading worker thread's entry: compiled beside main.js in a build (scripts/build-server.mjs), the
   *  TypeScript source otherwise (started with tsx). */
  gradingWorker: gradingWorkerOf(ownBuild, root),
} as const;

/** Where the grading worker's entry is, for a compiled server (its build) or one running from source. */
export function gradingWorkerOf(compiledBuild: string | null, projectRoot: string): string {
  return compiledBuild
    ? path.join(compiledBuild, 'server', 'grading-worker.js')
    : path.join(projectRoot, 'src', 'server', 'modules', 'practice', 'grading', 'grading-worker.ts');
}

/** Marks this process as one running from its build, so that making newer builds never removes this one's files
 *  (scripts/builds.mjs); the mark goes when the process exits. Nothing to mark when running from source. */
export function holdOwnBuild(): void {
  if (!ownBuild) return;
  const servers = path.join(ownBuild, 'servers');
  fs.mkdirSync(servers, { recursive: true });
  const mark = path.join(servers, String(process.pid));
  fs.writeFileSync(mark, '');
  process.on('exit', () => fs.rmSync(mark, { force: true }));
}
