// A grading worker thread: loads one engine (QuickJS for JavaScript and TypeScript, Pyodide for Python), then grades
// the runs its pool sends, one at a time, with the shared harness. The pool stops a run at its deadline (the
// interrupt) and terminates this thread one second later if it is still busy. Compiled as its own entry beside
// main.js (scripts/build-server.mjs); from source it runs under tsx.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { RunRequest, RunResult } from '../../../../shared/practice';
import {
  capWasmMemoryGrowth,
  createJavaScriptHarness,
  createPythonHarness,
  type PyodideLike,
} from '../../../../shared/practice-harness';
import type { FromWorker, ToWorker, WorkerSetup } from './protocol';

const setup = workerData as WorkerSetup;
const port = parentPort;
if (!port) throw new Error('grading-worker.ts runs as a worker thread');

const post = (message: FromWorker) => port.postMessage(message);

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
  // The WebAssembly heap may grow only so far past what the interpreter holds when ready: a bigger allocation fails
  // inside Python as MemoryError (reported as the memory limit) instead of growing the process.
  const cap = capWasmMemoryGrowth();
  const { loadPyodide } = await import('pyodide');
  const indexURL = path.dirname(fileURLToPath(import.meta.resolve('pyodide'))) + path.sep;
  const pyodide = (await loadPyodide({ indexURL })) as unknown as PyodideLike & Record<string, unknown>;
  const interruptBuffer = new Int32Array(setup.interruptBuffer ?? new SharedArrayBuffer(4));
  const harness = createPythonHarness(pyodide, { interruptBuffer });
  cap.limitTo(setup.heapHeadroomBytes);
  hardenPythonWorker(pyodide);
  return async (req) => {
    const result = harness.run(req);
    return { result, recycle: harness.needsFreshInterpreter() };
  };
}

/** What Python could reach through Pyodide's JavaScript bridge, should it get past the blocked imports: this
 *  worker's globals. Take away what touches the host (the process object, the network, code from strings) and
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

/** A lower scheduling priority for this thread only (on Linux, pid 0 names the calling thread): on a core shared with
 *  the app's own thread, which answers every reader, learner code that spins gets about a tenth of it. Not the
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
    port.on('message', (message: ToWorker) => {
      run(message.req).then(
        ({ result, recycle }) => post({ type: 'result', id: message.id, result, recycle }),
        (e: unknown) => post({ type: 'failed', id: message.id, message: e instanceof Error ? e.message : String(e) }),
      );
    });
    post({ type: 'ready' });
  },
  (e: unknown) => post({ type: 'start-failed', message: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
);
