// Runs a Python RunRequest in a Pyodide interpreter the caller loaded (from its npm package or the app's own copy,
// never a CDN): the learner's code in a fresh namespace, then each test (`assert` statements) in it, visible tests
// first then hidden ones. Each test's code enters the interpreter only when it runs, so the learner's code cannot
// read a hidden test. Output goes to a buffer inside Python (no JavaScript function is handed to learner code);
// the memory limit is checked with tracemalloc after every step (Pyodide has no `resource` module; an allocation
// the WebAssembly heap cannot hold raises MemoryError, reported the same); the deadline is Pyodide's interrupt
// buffer, written by the host at the deadline (KeyboardInterrupt), with the host's hard stop behind it.
import { PRACTICE, TEXTS, type RunRequest, type RunResult, type TestResult } from '../practice-rules';
import { PYTHON_PRELUDE } from './python-prelude';

/** The part of a Pyodide instance the harness uses (pyodide's `PyodideAPI`), so this file needs no import of it. */
export interface PyodideLike {
  runPython(code: string, options?: { globals?: unknown }): unknown;
  globals: { get(name: string): unknown };
  toPy(value: unknown): unknown;
  setStdout(options: { batched?: (text: string) => void; write?: (buffer: Uint8Array) => number }): void;
  setStderr(options: { batched?: (text: string) => void; write?: (buffer: Uint8Array) => number }): void;
  setStdin(options: { stdin?: () => string | null | undefined; error?: boolean }): void;
  setInterruptBuffer(buffer: Int32Array | Uint8Array): void;
}

type PyCallable = ((...args: unknown[]) => unknown) & { destroy?: () => void };
interface PyDict {
  get(key: string): unknown;
  destroy?: () => void;
}

export interface PythonHarnessOptions {
  /** Pyodide's interrupt buffer (an Int32Array over a SharedArrayBuffer): the host writes 2 (SIGINT) into it at
   *  the deadline, and the harness clears it before each run. Without one the host's hard stop ends a long run. */
  interruptBuffer?: Int32Array;
  now?: () => number;
}

export interface PythonHarness {
  run(req: RunRequest): RunResult;
  /** True when a run changed the interpreter in a way the harness could not undo (a file it could not remove, a
   *  module it could not reset): the host should load a fresh interpreter before the next run. */
  needsFreshInterpreter(): boolean;
}

export function createPythonHarness(pyodide: PyodideLike, options: PythonHarnessOptions = {}): PythonHarness {
  const now = options.now ?? (() => performance.now());
  // Whatever reaches the interpreter's own stdout (learner code that restores sys.__stdout__) is dropped.
  const drop = () => {};
  pyodide.setStdout({ batched: drop });
  pyodide.setStderr({ batched: drop });
  pyodide.setStdin({ stdin: () => null });
  if (options.interruptBuffer) pyodide.setInterruptBuffer(options.interruptBuffer);

  const scope = pyodide.toPy({}) as PyDict;
  pyodide.runPython(PYTHON_PRELUDE, { globals: scope });
  const fn = (name: string) => scope.get(name) as PyCallable;
  const hide = fn('_hide');
  const unhide = fn('_unhide');
  const begin = fn('_begin');
  const test = fn('_test');
  const end = fn('_end');
  const tainted = fn('_tainted_state');

  let broken = false;
  const isInterrupt = (e: unknown) => e instanceof Error && /KeyboardInterrupt/.test(e.message);

  function run(req: RunRequest): RunResult {
    const started = now();
    const tests: TestResult[] = [];
    let output = '';
    const finish = (verdict: RunResult['verdict'], error?: string): RunResult => ({
      verdict,
      tests,
      output,
      ...(error === undefined ? {} : { error }),
      durationMs: Math.round(now() - started),
    });
    const visible = req.tests.filter((t) => !t.hidden);
    const hidden = req.tests.filter((t) => t.hidden);
    const ordered = [...visible, ...hidden];

    if (options.interruptBuffer) Atomics.store(options.interruptBuffer, 0, 0);
    const taken = hide() as { destroy?: () => void };
    let verdict: RunResult['verdict'] | undefined;
    let error: string | undefined;
    try {
      const first = JSON.parse(
        begin(
          JSON.stringify({
            code: req.code,
            outputMax: PRACTICE.outputBytesMax,
            outputCut: TEXTS.outputCut(PRACTICE.outputBytesMax),
            memoryMax: PRACTICE.memoryBytesMax,
          }),
        ) as string,
      ) as { verdict: 'ok' | 'error' | 'memory' | 'timeout'; error?: string | null };
      if (first.verdict === 'memory') [verdict, error] = ['error', TEXTS.memory];
      else if (first.verdict === 'timeout') [verdict, error] = ['timeout', TEXTS.timedOut(req.timeLimitMs)];
      else if (first.verdict === 'error') [verdict, error] = ['error', first.error ?? 'Error'];
      for (let i = 0; verdict === undefined && i < ordered.length; i++) {
        const t = ordered[i];
        const step = JSON.parse(test(t.code, t.hidden, i + 1) as string) as {
          passed?: boolean;
          message?: string;
          verdict?: 'memory' | 'timeout';
        };
        if (step.verdict === 'memory') [verdict, error] = ['error', TEXTS.memory];
        else if (step.verdict === 'timeout') [verdict, error] = ['timeout', TEXTS.timedOut(req.timeLimitMs)];
        else {
          const name = t.hidden ? TEXTS.hiddenTest(i - visible.length + 1) : t.name;
          tests.push({
            name,
            passed: step.passed === true,
            hidden: t.hidden,
            ...(step.passed || t.hidden || !step.message ? {} : { message: step.message }),
          });
        }
      }
    } catch (e) {
      // An interrupt that landed between two steps, or the interpreter itself failing.
      if (isInterrupt(e)) [verdict, error] = ['timeout', TEXTS.timedOut(req.timeLimitMs)];
      else [verdict, error] = ['error', `The interpreter stopped: ${e instanceof Error ? e.message : String(e)}`];
    } finally {
      try {
        output = end() as string;
      } catch {
        // Interrupted while undoing the run's changes: the interpreter's state is unknown.
        broken = true;
      }
      unhide(taken);
      taken.destroy?.();
      if (options.interruptBuffer) Atomics.store(options.interruptBuffer, 0, 0);
    }
    if (verdict === undefined) verdict = tests.every((t) => t.passed) ? 'passed' : 'failed';
    return finish(verdict, error);
  }

  return { run, needsFreshInterpreter: () => broken || tainted() === true };
}
