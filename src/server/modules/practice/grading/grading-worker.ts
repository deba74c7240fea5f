// A grading worker: loads one engine, then grades the runs its pool sends, one at a time, with the shared harness.
// JavaScript and TypeScript: QuickJS in a worker thread of the server. Python: Pyodide in a child process the pool
// starts behind Node's permission model (it may read Pyodide's folder and this file only), talking over IPC. Each
// engine stops a run at its time limit itself; the pool stops the worker one second later if it is still busy.
// Compiled as its own entry beside main.js (scripts/build-server.mjs); from source a thread runs it under tsx and
// a process runs the same bundle esbuild makes for a build.
import { constants as fsConstants } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { RunRequest, RunResult } from '../../../../shared/practice';
import {
  capWasmMemoryGrowth,
  createJavaScriptHarness,
  createPythonHarness,
  type PyodideLike,
} from '../../../../shared/practice-harness';
import type * as Pyodide from 'pyodide';
import type { FromWorker, ToWorker, WorkerSetup } from './protocol';

interface Channel {
  setup: WorkerSetup;
  post(message: FromWorker): void;
  listen(handler: (message: ToWorker) => void): void;
  /** Ends this worker. */
  exit(): never;
}

/** The pool at the other end: a thread's port, or a child process's IPC channel (the setup is its argument). The
 *  process's own object is kept here, before the Python hardening takes it off the globals. */
function channel(): Channel {
  const port = parentPort;
  if (port) {
    return {
      setup: workerData as WorkerSetup,
      post: (message) => port.postMessage(message),
      listen: (handler) => port.on('message', handler),
      exit: () => process.exit(1),
    };
  }
  const proc = process;
  const send = proc.send?.bind(proc);
  if (!send) throw new Error('grading-worker runs as a worker thread or a child process with IPC');
  // The pool is gone (the server stopped or crashed): nothing is left to grade for.
  proc.on('disconnect', () => proc.exit(0));
  return {
    setup: JSON.parse(proc.argv[2] ?? '{}') as WorkerSetup,
    post: (message) => {
      send(message);
    },
    listen: (handler) => proc.on('message', handler),
    exit: () => proc.exit(1),
  };
}

const pool = channel();
const setup = pool.setup;

interface Graded {
  result: RunResult;
  /** The engine should be replaced before the next run. */
  recycle: boolean;
}
type Engine = (req: RunRequest) => Promise<Graded>;

async function javascriptEngine(): Promise<Engine> {
  const [{ newQuickJSWASMModuleFromVariant }, variant, { transform }] = await Promise.all([
    import('quickjs-emscripten-core'),
    import('@jitl/quickjs-ng-wasmfile-release-sync'),
    import('esbuild'),
  ]);
  const quickjs = await newQuickJSWASMModuleFromVariant(variant.default);
  const harness = createJavaScriptHarness(quickjs, {
    stripTypes: async (code) => (await transform(code, { loader: 'ts', logLevel: 'silent' })).code,
  });
  return async (req) => ({ result: await harness.run(req), recycle: false });
}

async function pythonEngine(): Promise<Engine> {
  if (!setup.pyodideDir) throw new Error('The Python worker needs the Pyodide folder');
  // The WebAssembly heap may grow only so far past what the interpreter holds when ready: a bigger allocation fails
  // inside Python as MemoryError (reported as the memory limit) instead of growing the process.
  const cap = capWasmMemoryGrowth();
  // Pyodide's set-up of its host file system asks `process.binding('constants')`, which the permission model
  // refuses; the file system's flags are all it reads there (the host file system is removed once loaded).
  const host = process as NodeJS.Process & { binding(name: string): unknown };
  const binding = host.binding.bind(host);
  host.binding = (name) => (name === 'constants' ? { fs: fsConstants } : binding(name));
  const indexURL = setup.pyodideDir + path.sep;
  const { loadPyodide } = (await import(pathToFileURL(`${indexURL}pyodide.mjs`).href)) as typeof Pyodide;
  const pyodide = (await loadPyodide({ indexURL })) as unknown as PyodideLike & Record<string, unknown>;
  host.binding = binding;
  const harness = createPythonHarness(pyodide);
  const deadline = deadlineInterrupt(() => pool.exit());
  pyodide.setInterruptBuffer(deadline.buffer);
  cap.limitTo(setup.heapHeadroomBytes);
  hardenPythonWorker(pyodide);
  return async (req) => {
    deadline.start(req.timeLimitMs);
    try {
      const result = harness.run(req);
      return { result, recycle: harness.needsFreshInterpreter() };
    } finally {
      deadline.stop();
    }
  };
}

/** Past a run's deadline by this much, its pool (which stops it one second past the deadline) is gone. */
const ORPHANED_AFTER_MS = 10_000;

/** The run's deadline as Pyodide's interrupt buffer. The interpreter reads the buffer's first element every few
 *  dozen bytecodes and raises KeyboardInterrupt when it reads 2 (SIGINT), then writes 0 back. No other thread or
 *  process can write into this process's memory while Python runs (a signal's JavaScript handler would wait for the
 *  run to end), so the element is a getter that reads the clock: it answers 2 once past the deadline, like a
 *  buffer written at the deadline; code that swallows the interrupt is stopped by the pool's hard stop. Should the
 *  run still be going long after that hard stop, no pool is left to stop it (the server was killed): the worker
 *  ends itself rather than spin as an orphan. */
function deadlineInterrupt(exit: () => never) {
  let deadline = Infinity;
  let fired = false;
  let value = 0;
  const buffer = {
    get 0(): number {
      const now = performance.now();
      if (now > deadline) {
        if (!fired) {
          fired = true;
          return 2;
        }
        if (now > deadline + ORPHANED_AFTER_MS) exit();
      }
      return value;
    },
    set 0(next: number) {
      value = next;
    },
  };
  return {
    buffer: buffer as unknown as Int32Array,
    start(limitMs: number) {
      deadline = performance.now() + limitMs;
      fired = false;
      value = 0;
    },
    stop() {
      deadline = Infinity;
      value = 0;
    },
  };
}

/** What Python could reach through Pyodide's JavaScript bridge, should it get past the blocked imports: this
 *  process's globals (behind the permission model's wall: read Pyodide's folder only, no writes, no processes or
 *  threads, no code from strings). Take away what touches the host (the process object, the network, code from strings) and
 *  Pyodide's own ways to mount or read host files. */
function hardenPythonWorker(pyodide: Record<string, unknown>): void {
  const refuse = () => {
    throw new EvalError('Not available in the grading sandbox');
  };
  for (const name of ['mountNodeFS', 'loadPackage', 'loadPackagesFromImports', 'pyimport', 'registerJsModule']) {
    pyodide[name] = refuse;
  }
  const fs = pyodide.FS as { filesystems?: Record<string, unknown> } | undefined;
  if (fs?.filesystems) delete fs.filesystems.NODEFS;
  // The Emscripten module exports the host file system too, and Python reaches the module through pyodide_js.
  const module = pyodide._module as Record<string, unknown> | undefined;
  if (module) delete module.NODEFS;
  const api = pyodide._api as Record<string, unknown> | undefined;
  if (api) for (const name of ['loadBinaryFile', 'loadScript', 'loadPackage']) if (name in api) api[name] = refuse;
  const globals = globalThis as Record<string, unknown>;
  for (const name of [
    'fetch',
    'WebSocket',
    'EventSource',
    'XMLHttpRequest',
    'BroadcastChannel',
    'process',
    'require',
  ]) {
    try {
      delete globals[name];
    } catch {
      globals[name] = undefined;
    }
  }
  // Code from strings: eval and every function constructor refuse.
  globals.eval = refuse;
  const SafeFunction = function Function() {
    refuse();
  };
  SafeFunction.prototype = Function.prototype;
  for (const sample of [function () {}, async function () {}, function* () {}, async function* () {}]) {
    Object.defineProperty(Object.getPrototypeOf(sample), 'constructor', { value: SafeFunction });
  }
  globals.Function = SafeFunction;
}

/** A lower scheduling priority for the thread that grades (on Linux, pid 0 names the calling thread: a worker thread
 *  of the server, or a Python child's main thread): on a core shared with the app's own thread, which answers every
 *  reader, learner code that spins gets about a tenth of it. Not the
 *  lowest (19): on a machine busy with other work, grading would starve and correct code would time out. */
const GRADING_NICE = 10;
try {
  os.setPriority(GRADING_NICE);
} catch {
  // A system that refuses it grades at the normal priority.
}

const engine = setup.language === 'python' ? pythonEngine() : javascriptEngine();
engine.then(
  (run) => {
    pool.listen((message) => {
      run(message.req).then(
        ({ result, recycle }) => pool.post({ type: 'result', id: message.id, result, recycle }),
        (e: unknown) =>
          pool.post({ type: 'failed', id: message.id, message: e instanceof Error ? e.message : String(e) }),
      );
    });
    pool.post({ type: 'ready' });
  },
  (e: unknown) => pool.post({ type: 'start-failed', message: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
);
