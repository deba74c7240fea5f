// The two kinds of grading worker the pool runs, behind one handle: a worker thread of this process (QuickJS: its
// sandbox is the engine itself), or a child process walled by Node's permission model (Pyodide: Python introspection
// can reach the interpreter's JavaScript bridge, so what that bridge reaches must be a process that can read only
// Pyodide's own files and its entry, write nothing, start nothing, compile no code from strings and holds no secret).
import { fork, type ForkOptions } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker, WorkerSetup } from './protocol';

export type WorkerKind = 'thread' | 'process';

/** One grading worker as the pool sees it. */
export interface GradingWorker {
  post(message: ToWorker): void;
  /** Stops the worker at once (a thread is terminated, a process killed); resolves when it is gone. */
  terminate(): Promise<void>;
}

export interface WorkerEvents {
  message(message: FromWorker): void;
  /** The worker stopped by itself: `error` says why when it crashed. */
  exit(error: Error | null): void;
}

export interface ProcessLimits {
  /** Folders or files the child may read besides its own entry (Pyodide's package folder). */
  readable: string[];
  /** The child's JavaScript heap ceiling (`--max-old-space-size`); its WebAssembly heap is capped by the worker. */
  heapMb: number;
}

export function startWorker(
  kind: WorkerKind,
  file: string,
  setup: WorkerSetup,
  events: WorkerEvents,
  limits: ProcessLimits,
): GradingWorker {
  return kind === 'thread' ? startThread(file, setup, events) : startProcess(file, setup, events, limits);
}

/** The compiled worker runs as it is. TypeScript source (tests, `npm run dev`) needs tsx's loader, and Node 20
 *  does not apply `--import tsx` given in a worker's execArgv: a one-line ES module registers tsx's hooks in the
 *  worker, then imports the entry. */
function threadEntry(file: string): string | URL {
  if (!file.endsWith('.ts')) return file;
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(pathToFileURL(file).href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}

function startThread(file: string, setup: WorkerSetup, events: WorkerEvents): GradingWorker {
  const worker = new Worker(threadEntry(file), {
    workerData: setup,
    execArgv: [],
    // The worker's own console must not write into the server's log.
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  worker.on('message', (message: FromWorker) => events.message(message));
  worker.on('error', (error) => events.exit(error));
  worker.on('exit', () => events.exit(null));
  return {
    post: (message) => worker.postMessage(message),
    terminate: async () => {
      await worker.terminate();
    },
  };
}

/** The child's entry: the compiled one beside main.js as it is; from TypeScript source, the same bundle esbuild
 *  makes for a build (the child cannot run tsx: it may not read the sources or start esbuild's process), written
 *  to the temporary folder under a name of its content, and written again should the folder be cleaned. */
let bundled: Promise<string> | null = null;
async function processEntry(file: string): Promise<string> {
  if (!file.endsWith('.ts')) return fs.realpathSync(file);
  const known = bundled && (await bundled.catch(() => null));
  if (known && fs.existsSync(known)) return known;
  bundled = bundle(file);
  return bundled;
}

async function bundle(file: string): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [file],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const entry = path.join(fs.realpathSync(os.tmpdir()), `devcourses-grading-worker-${hash}.mjs`);
  if (!fs.existsSync(entry)) {
    const partial = `${entry}.${process.pid}.tmp`;
    fs.writeFileSync(partial, code);
    fs.renameSync(partial, entry);
  }
  return entry;
}

/** How a walled child starts: Node's permission model lets it read its entry and `limits.readable` only (no
 *  writes, no child processes, no worker threads, no native addons), compiles no code from strings, has a capped
 *  JavaScript heap and an empty environment, and talks to the pool over IPC with structured clone. */
export function walledProcess(entry: string, limits: ProcessLimits): ForkOptions {
  const readable = [entry, ...limits.readable].map((p) => fs.realpathSync(p));
  return {
    execArgv: [
      '--experimental-permission',
      ...readable.map((p) => `--allow-fs-read=${p}`),
      '--disallow-code-generation-from-strings',
      `--max-old-space-size=${limits.heapMb}`,
      '--disable-warning=ExperimentalWarning',
    ],
    // Nothing of the server's environment (database address, secrets): the child needs none of it.
    env: {},
    cwd: path.dirname(readable[0]),
    serialization: 'advanced',
    // What learner code prints never reaches the server's output; stderr is kept for the reason of a crash.
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  };
}

/** The last part of what the child wrote to stderr: the reason it gives when it dies before it can answer. */
const STDERR_KEPT = 2_000;

function startProcess(file: string, setup: WorkerSetup, events: WorkerEvents, limits: ProcessLimits): GradingWorker {
  let child: ReturnType<typeof fork> | null = null;
  let stopped = false;
  let gone: Promise<void> = Promise.resolve();
  void processEntry(file).then(
    (entry) => {
      if (stopped) return;
      const spawned = fork(entry, [JSON.stringify(setup)], walledProcess(entry, limits));
      child = spawned;
      let stderr = '';
      spawned.stderr?.setEncoding('utf8');
      spawned.stderr?.on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-STDERR_KEPT);
      });
      gone = new Promise((resolve) => spawned.once('exit', () => resolve()));
      spawned.on('message', (message: FromWorker) => events.message(message));
      spawned.on('error', (error) => events.exit(error));
      spawned.on('exit', (code, signal) => {
        if (stopped) return;
        events.exit(
          code === 0 ? null : new Error(`exited with ${signal ?? code}${stderr ? `: ${stderr.trim()}` : ''}`),
        );
      });
    },
    (error: unknown) => events.exit(error instanceof Error ? error : new Error(String(error))),
  );
  return {
    post: (message) => {
      child?.send(message);
    },
    terminate: async () => {
      stopped = true;
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await gone;
    },
  };
}
