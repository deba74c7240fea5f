import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { DataDirLockedError, lockDataDir, lockRecordOf, type LockRecord, processStartTicks } from './data-dir-lock';

let dataDir: string;
let lockFile: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-lock-'));
  lockFile = path.join(dataDir, 'server.lock');
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const held = (): LockRecord => JSON.parse(fs.readFileSync(lockFile, 'utf8')) as LockRecord;
const write = (record: LockRecord | string) =>
  fs.writeFileSync(lockFile, typeof record === 'string' ? record : JSON.stringify(record));

/** The pid of a process that has exited: a holder that can no longer be alive. */
function deadPid(): number {
  const done = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(done.stdout);
}

/** A live process that is not our server: a Node.js process idling, or `sleep` (not Node.js at all). */
function live(kind: 'node' | 'sleep'): ChildProcess {
  const child =
    kind === 'node'
      ? spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120_000)'], { stdio: 'ignore' })
      : spawn('sleep', ['120'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

/** Waits until /proc shows the child (its start time is readable). */
async function started(child: ChildProcess): Promise<number> {
  const pid = child.pid ?? 0;
  while (processStartTicks(pid) === null) await new Promise((r) => setTimeout(r, 20));
  return pid;
}

describe('lockDataDir', () => {
  test('takes the lock: a lock file with our pid, start time and boot, creating the directory if needed', () => {
    const nested = path.join(dataDir, 'not', 'yet');
    const lock = lockDataDir(nested);
    const record = JSON.parse(fs.readFileSync(path.join(nested, 'server.lock'), 'utf8')) as LockRecord;
    expect(record).toEqual(lockRecordOf(process.pid));
    expect(record.startTicks).toMatch(/^\d+$/);
    lock.release();
  });

  test('refuses while the live process that wrote it holds it, naming the directory and the pid', async () => {
    const holder = await started(live('node'));
    write(lockRecordOf(holder));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dataDir)).toThrow(`${path.resolve(dataDir)} is in use by another server (pid ${holder})`);
    // The holder's lock is left alone.
    expect(held()).toEqual(lockRecordOf(holder));
  });

  test('reclaims a lock whose pid now belongs to a live, unrelated process (a reused pid)', async () => {
    const stranger = await started(live('node'));
    // The lock's writer had this pid but started at another moment.
    const startTicks = String(Number(processStartTicks(stranger)) - 1);
    write({ ...lockRecordOf(stranger), startTicks });
    const lock = lockDataDir(dataDir);
    expect(held().pid).toBe(process.pid);
    lock.release();
  });

  test('reclaims a lock written before a reboot', async () => {
    const holder = await started(live('node'));
    write({ ...lockRecordOf(holder), bootId: '00000000-0000-0000-0000-000000000000' });
    const lock = lockDataDir(dataDir);
    expect(held().pid).toBe(process.pid);
    lock.release();
  });

  test('an old lock holding a bare pid: reclaimed when that process is not Node.js (pid 1, a shell, …)', async () => {
    write(String(await started(live('sleep'))));
    const lock = lockDataDir(dataDir);
    expect(held().pid).toBe(process.pid);
    lock.release();

    const node = await started(live('node'));
    write(String(node));
    expect(() => lockDataDir(dataDir)).toThrow(`in use by another server (pid ${node})`);
  });

  test('reclaims a stale lock left by a process that died', () => {
    write(lockRecordOf(deadPid()));
    const lock = lockDataDir(dataDir);
    expect(held().pid).toBe(process.pid);
    lock.release();
    write(String(deadPid()));
    lockDataDir(dataDir).release();
  });

  test('reclaims a lock naming our own pid (left by an earlier run of a container that reused the pid)', () => {
    write(String(process.pid));
    const lock = lockDataDir(dataDir);
    expect(held().pid).toBe(process.pid);
    lock.release();
  });

  test('reclaims an empty or garbled lock file (a crash between creating and writing it)', () => {
    for (const content of ['', 'garbage', '-5', '{"pid":"x"}', '{']) {
      write(content);
      const lock = lockDataDir(dataDir);
      expect(held().pid).toBe(process.pid);
      lock.release();
    }
  });

  test('release removes the lock file, so the next server can take it; releasing twice is harmless', () => {
    const lock = lockDataDir(dataDir);
    lock.release();
    expect(fs.existsSync(lockFile)).toBe(false);
    lock.release();
    const next = lockDataDir(dataDir);
    expect(fs.existsSync(lockFile)).toBe(true);
    next.release();
  });

  test('release does not remove a lock that another process has taken since', () => {
    const lock = lockDataDir(dataDir);
    write(lockRecordOf(process.ppid));
    lock.release();
    expect(held().pid).toBe(process.ppid);
  });

  test('a process that takes the lock and is killed leaves a lock the next one reclaims; while alive it holds', async () => {
    const module = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
    const script = `import { lockDataDir } from ${JSON.stringify(module)}; lockDataDir(${JSON.stringify(dataDir)}); console.log('locked'); setTimeout(() => {}, 120_000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
      child.once('exit', (code) => reject(new Error(`the locking process exited (${code})`)));
    });
    expect(held().pid).toBe(child.pid);
    expect(() => lockDataDir(dataDir)).toThrow(`in use by another server (pid ${child.pid})`);

    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
    const lock = lockDataDir(dataDir);
    expect(held().pid).toBe(process.pid);
    lock.release();
  });
});
