// One request run in this Worker: the runtime for its language is loaded, then the shared harness runs the learner's
// code and its tests exactly as the server does on Submit; TypeScript is stripped with sucrase here (esbuild's
// transform on the server), keeping the lines where they were so messages name the learner's line.
import { transform } from 'sucrase';
import type { RunRequest, RunResult } from '../../../../../shared/practice-rules';
import {
  capWasmMemoryGrowth,
  createJavaScriptHarness,
  createPythonHarness,
  type JavaScriptHarness,
  type PythonHarness,
  type PyodideLike,
} from '../../../../../shared/practice-harness';
import { loadPython, loadQuickJS } from './runtimes';

/** How far Python's WebAssembly heap may grow past what the interpreter holds when ready, as on the server: a bigger
 *  allocation fails inside Python as MemoryError (the memory limit) instead of taking the learner's machine. */
const PYTHON_HEAP_HEADROOM = 128 * 1024 * 1024;

const stripTypes = (code: string) =>
  transform(code, { transforms: ['typescript'], disableESTransforms: true, keepUnusedImports: true }).code;

// Installed before any engine loads, so that every WebAssembly memory of this Worker is capped once it is set.
const memory = capWasmMemoryGrowth();
let javascript: JavaScriptHarness | undefined;
let python: PythonHarness | undefined;

export interface WorkerRun {
  result: RunResult;
  /** The run left the interpreter in a state the harness could not undo: this Worker should be replaced. */
  recycle: boolean;
}

/** Runs `request`; `started` is called once the runtime is loaded, right before the learner's code runs. There is
 *  no interrupt in the browser (it needs a cross-origin isolated page): the frame ends the Worker at the deadline. */
export async function runInBrowser(request: RunRequest, base: string, started: () => void): Promise<WorkerRun> {
  if (request.language === 'python') {
    if (!python) {
      const pyodide = await loadPython(base);
      python = createPythonHarness(pyodide as unknown as PyodideLike);
      memory.limitTo(PYTHON_HEAP_HEADROOM);
    }
    started();
    const result = python.run(request);
    return { result, recycle: python.needsFreshInterpreter() || memory.exhausted() };
  }
  javascript ??= createJavaScriptHarness(await loadQuickJS(base), { stripTypes });
  started();
  return { result: await javascript.run(request), recycle: false };
}
