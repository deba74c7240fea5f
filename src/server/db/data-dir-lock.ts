// PGlite takes no lock on its directory, and a second process on the same directory silently loses the first
// one's writes. The server therefore holds an exclusive lock file while it runs.
//
// A pid alone does not identify a process: after a crash (or in a container, where the server is often pid 1 on
// every start) the pid in a stale lock may belong to a live, unrelated process. The lock therefore records the
// process's start time (in clock ticks since boot, /proc/<pid>/stat) and the boot id: the holder is alive only if a
// process with that pid exists *and* started at that moment of this boot. Where /proc is missing (not Linux), the
// pid is all there is.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

/** What the lock file holds: enough to tell the process that wrote it from a later one with the same pid. */
export interface LockRecord {
  pid: number;
  /** Field 22 of /proc/<pid>/stat; null where there is no /proc. */
  startTicks: string | null;
  /** /proc/sys/kernel/random/boot_id; null where there is no /proc. */
  bootId: string | null;
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** The start time of process `pid` in clock ticks after boot, or null when it does not exist (or no /proc). */
export function processStartTicks(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (!stat) return null;
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so count fields after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

const bootId = () => readOrNull('/proc/sys/kernel/random/boot_id');
const hasProc = () => fs.existsSync('/proc/self/stat');

/** The record a lock taken by process `pid` holds (exported for tests, which forge other holders). */
export function lockRecordOf(pid: number): LockRecord {
  return { pid, startTicks: processStartTicks(pid), bootId: bootId() };
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Parses a lock file: our JSON record, or the bare pid that older servers wrote. */
function parseLock(content: string): LockRecord | null {
  const text = content.trim();
  if (/^\d+$/.test(text)) return { pid: Number(text), startTicks: null, bootId: null };
  try {
    const value = JSON.parse(text) as Partial<LockRecord>;
    if (!Number.isInteger(value.pid) || (value.pid as number) <= 0) return null;
    return {
      pid: value.pid as number,
      startTicks: typeof value.startTicks === 'string' ? value.startTicks : null,
      bootId: typeof value.bootId === 'string' ? value.bootId : null,
    };
  } catch {
    return null;
  }
}

/** Is the process that wrote `record` still running? */
function holderAlive(record: LockRecord): boolean {
  if (record.pid === process.pid || !pidExists(record.pid)) return false;
  if (!hasProc()) return true; // the pid is all we can know
  if (record.startTicks === null) {
    // A bare pid (written before start times were recorded): alive only if that process is a Node.js process,
    // as the server is; a reused pid of a shell, an init or a database is not our server.
    const cmdline = readOrNull(`/proc/${record.pid}/cmdline`) ?? '';
    return /(^|\/)node(js)?(\0|$)/.test(cmdline.split('\0')[0] ?? '') || cmdline.split('\0')[0] === process.execPath;
  }
  if (record.bootId !== null && record.bootId !== bootId()) return false; // written before a reboot
  return processStartTicks(record.pid) === record.startTicks;
}

/** Takes `DATA_DIR/server.lock` (O_EXCL), reclaiming it only when the process that wrote it is gone. */
export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  const mine = JSON.stringify(lockRecordOf(process.pid));
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8') === mine) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const content = readOrNull(file);
      if (content === null) continue; // removed meanwhile: try again
      const holder = parseLock(content);
      if (holder && holderAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dataDir)} is in use by another server (pid ${holder.pid}). ` +
            'PGlite allows only one process per directory; stop that server or set DATA_DIR to another directory.',
        );
      }
      reclaim(file, content);
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${path.resolve(dataDir)}`);
}

/** Removes the stale lock whose content we judged — and only it: two servers reclaiming at once must not delete
 *  the fresh lock the faster one has just written. The file is moved aside atomically and checked; a file that is
 *  not the one we judged goes back (link fails if a third process has taken the lock meanwhile, which is fine). */
function reclaim(file: string, judged: string): void {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(file, aside);
  } catch {
    return; // gone already
  }
  try {
    if (fs.readFileSync(aside, 'utf8').trim() !== judged) {
      try {
        fs.linkSync(aside, file);
      } catch {
        // someone holds the lock now; our next attempt sees it
      }
    }
  } finally {
    fs.rmSync(aside, { force: true });
  }
}
