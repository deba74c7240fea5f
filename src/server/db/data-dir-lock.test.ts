import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

let dataDir: string;
let lockFile: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-lock-'));
  lockFile = path.join(dataDir, 'server.lock');
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The pid of a process that has exited: a holder that can no longer be alive. */
function deadPid(): number {
  const done = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(done.stdout);
}

describe('lockDataDir', () => {
  test('takes the lock: a lock file with our pid, creating the directory if needed', () => {
    const nested = path.join(dataDir, 'not', 'yet');
    const lock = lockDataDir(nested);
    expect(fs.readFileSync(path.join(nested, 'server.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  test('refuses while another live process holds it, naming the directory and the pid', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(lockFile, String(holder.pid));
      expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dataDir)).toThrow(
        `${path.resolve(dataDir)} is in use by another server (pid ${holder.pid})`,
      );
      // The holder's lock is left alone.
      expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(holder.pid));
    } finally {
      holder.kill('SIGKILL');
    }
  });

  test('reclaims a stale lock left by a process that died', () => {
    const pid = deadPid();
    fs.writeFileSync(lockFile, String(pid));
    const lock = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  test('reclaims a lock naming our own pid (left by an earlier run of a container that reused the pid)', () => {
    fs.writeFileSync(lockFile, String(process.pid));
    const lock = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  test('reclaims an empty or garbled lock file (a crash between creating and writing it)', () => {
    for (const content of ['', 'garbage', '-5']) {
      fs.writeFileSync(lockFile, content);
      const lock = lockDataDir(dataDir);
      expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
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
    fs.writeFileSync(lockFile, String(process.ppid));
    lock.release();
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.ppid));
  });
});
