// The app as `npm start` runs it, for the benches that measure what users get: the compiled server (package.json's
// `serve` script, built first if its sources changed, as `npm start` does) on a free port of 127.0.0.1, logging a
// line per request at info to /dev/null. It starts on a database a child made, migrated and filled first
// (lib/prepare-database.ts: the demo content, and the sessions asked for by BENCH_TOKEN_FILE or
// BENCH_ADMIN_TOKEN_FILE), so it runs as a site does from its second start on (docs/decisions/0064).
import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../src/server/test/free-port';
import { repoRoot, serveCommand, waitUntilServing } from '../../src/server/test/serve-command';
import { profilingFlags, stopChild } from './child-server';

export interface CompiledApp {
  url: string;
  /** The server's process id (its CPU time is read from /proc). */
  pid: number;
  stop(): Promise<void>;
}

export interface CompiledAppOptions {
  /** Its DATA_DIR (PGlite in its `pglite/`, mail, media). */
  dataDir: string;
  /** PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /** For the child that prepares the database: BENCH_TOKEN_FILE, BENCH_ADMIN_TOKEN_FILE. */
  prepare?: Record<string, string>;
}

const exitOf = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', resolve));

export async function startCompiledApp({
  dataDir,
  databaseUrl,
  prepare = {},
}: CompiledAppOptions): Promise<CompiledApp> {
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-changed'], { cwd: repoRoot, stdio: 'inherit' });
  fs.mkdirSync(dataDir, { recursive: true });
  const preparer = fork(path.join(repoRoot, 'bench', 'lib', 'prepare-database.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      ...prepare,
      ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : { BENCH_PGLITE_DIR: path.join(dataDir, 'pglite') }),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const prepared = await exitOf(preparer);
  if (prepared !== 0) throw new Error(`preparing the database failed (exit code ${prepared})`);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // PGlite unless told otherwise: a DATABASE_URL the bench itself was given is not the server's.
  const { DATABASE_URL: _given, ...inherited } = process.env;
  const child = spawn(process.execPath, [...profilingFlags(), ...serveCommand()], {
    cwd: repoRoot,
    env: {
      ...inherited,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4_000)));
  const exited = exitOf(child);
  const stop = () => stopChild(child, exited, 10_000);
  try {
    await waitUntilServing(`${url}/api/course/getCourse`, exited, 180_000);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n${errors}`);
  }
  return { url, pid: child.pid ?? 0, stop };
}
