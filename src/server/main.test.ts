// The start-up rules, on the real entry point in child processes: the demo content is seeded once, one server
// per data directory, a clean or crashed stop leaves the data usable, and a bad setting stops start-up by name.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PATHS } from './paths';
import { freePort } from './test/free-port';

// Each test waits for conditions (an answer, an exit), never for fixed times; the limits are generous because a
// server start (tsx, PGlite's initdb, migrations, the seed) took over 25 s on a loaded two-core machine.
const START_MS = 120_000;
const EXIT_MS = 60_000;
const SLOW = 4 * START_MS;

interface Spawned {
  child: ChildProcess;
  port: number;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

const children = new Set<ChildProcess>();

async function spawnServer(env: Record<string, string>): Promise<Spawned> {
  const port = await freePort();
  // These rules are about the embedded database: never let a DATABASE_URL of the test run leak in.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: PATHS.root,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { child, port, output: () => output, exited };
}

async function getCourses(port: number): Promise<{ _id: string; title: string }[] | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/course/getCourse`, { signal: AbortSignal.timeout(2_000) });
    return res.status === 200 ? ((await res.json()) as { _id: string; title: string }[]) : null;
  } catch {
    return null;
  }
}

/** Waits until the server answers the course list; fails early, with its output, when it exits instead. */
async function waitForCourses(server: Spawned, timeoutMs = START_MS): Promise<{ _id: string; title: string }[]> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`The server exited (${exitCode}):\n${server.output()}`);
    const courses = await getCourses(server.port);
    if (courses) return courses;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`The server did not answer within ${timeoutMs} ms:\n${server.output()}`);
}

async function exitWithin(server: Spawned, timeoutMs: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The server did not exit within ${timeoutMs} ms:\n${server.output()}`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([server.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The pid recorded in the data directory's lock file. */
const lockHolder = (dataDir: string) =>
  (JSON.parse(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8')) as { pid: number }).pid;

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

describe('one server per data directory (PGlite)', () => {
  let dataDir: string;
  let first: Spawned;
  let seeded: { _id: string; title: string }[];

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-main-'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test(
    'the first server seeds the demo catalogue; a second one on the same directory refuses to start',
    async () => {
      first = await spawnServer({ DATA_DIR: dataDir });
      seeded = await waitForCourses(first);
      expect(seeded.length).toBeGreaterThan(0);
      expect(first.output()).toContain('seeded the demo content');
      expect(lockHolder(dataDir)).toBe(first.child.pid);

      const second = await spawnServer({ DATA_DIR: dataDir });
      const code = await exitWithin(second, EXIT_MS);
      expect(code).not.toBe(0);
      expect(second.output()).toMatch(/in use by another server \(pid \d+\)/);
      expect(second.output()).toContain(path.resolve(dataDir));
      // The refused server did not disturb the first one.
      expect(await getCourses(first.port)).toEqual(seeded);
    },
    SLOW,
  );

  test(
    'after SIGTERM the lock is released and a new server finds the same data, seeded once',
    async () => {
      first.child.kill('SIGTERM');
      expect(await exitWithin(first, EXIT_MS)).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

      const again = await spawnServer({ DATA_DIR: dataDir });
      expect(await waitForCourses(again)).toEqual(seeded);
      expect(again.output()).not.toContain('seeded the demo content');
      again.child.kill('SIGTERM');
      expect(await exitWithin(again, EXIT_MS)).toBe(0);
    },
    SLOW,
  );

  test(
    'a server killed with SIGKILL leaves a stale lock that the next start reclaims',
    async () => {
      const doomed = await spawnServer({ DATA_DIR: dataDir });
      await waitForCourses(doomed);
      doomed.child.kill('SIGKILL');
      await exitWithin(doomed, EXIT_MS);
      expect(lockHolder(dataDir)).toBe(doomed.child.pid);

      const next = await spawnServer({ DATA_DIR: dataDir });
      expect(await waitForCourses(next)).toEqual(seeded);
      next.child.kill('SIGTERM');
      expect(await exitWithin(next, EXIT_MS)).toBe(0);
    },
    SLOW,
  );
});

describe('an environment problem stops start-up with a message naming the setting', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-main-env-'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test(
    'a PORT already in use: named, and the data-directory lock is released',
    async () => {
      const squatter = net.createServer();
      await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
      const { port } = squatter.address() as net.AddressInfo;
      try {
        const server = await spawnServer({ DATA_DIR: dataDir, PORT: String(port) });
        expect(await exitWithin(server, EXIT_MS)).toBe(1);
        expect(server.output()).toContain(`PORT ${port} is already in use`);
        expect(server.output()).not.toMatch(/\n\s+at /); // a message, not a stack trace
        expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
      } finally {
        squatter.close();
      }
    },
    SLOW,
  );

  test(
    'an unreachable DATABASE_URL: named, without its password',
    async () => {
      const server = await spawnServer({
        DATA_DIR: dataDir,
        DATABASE_URL: 'postgres://devc:s3cret@127.0.0.1:1/devcourses',
      });
      expect(await exitWithin(server, EXIT_MS)).toBe(1);
      expect(server.output()).toContain(
        'Cannot open the database at DATABASE_URL (postgres://devc:***@127.0.0.1:1/devcourses)',
      );
      expect(server.output()).toContain('ECONNREFUSED');
      expect(server.output()).not.toContain('s3cret');
    },
    SLOW,
  );
});

describe('a bad setting stops start-up with a message naming it', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-main-bad-'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'mysql://x'],
    ['SEED_DEMO', 'maybe'],
    ['LOG_LEVEL', 'loud'],
  ])(
    '%s=%s',
    async (name, value) => {
      const server = await spawnServer({ DATA_DIR: dataDir, [name]: value });
      const code = await exitWithin(server, EXIT_MS);
      expect(code).toBe(1);
      expect(server.output()).toContain('Invalid configuration');
      expect(server.output()).toMatch(new RegExp(`^\\s*${name}: `, 'm'));
      // It stopped before touching the data directory.
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    },
    SLOW,
  );
});
