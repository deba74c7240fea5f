// Runs a JavaScript or TypeScript RunRequest in QuickJS (WebAssembly): the learner's code, then each test in the same
// global scope, visible tests first then hidden ones, each test in its own async function (its declarations stay
// its own, and it may `await`). A fresh runtime per run (≈ 2 ms), so one run never sees another's state. The
// context holds only ECMAScript's built-ins plus the prelude's `console` and `assert`: no module loader (`import()`
// rejects, `import` is a syntax error), no `require`, `process`, `fetch`, timers or file system. Limits: the memory
// limit on the runtime, a 256 KB stack (0 or 512 KB let deep recursion crash the host) and an interrupt at the
// deadline; the host adds the hard stop (terminating the worker) because an interrupt alone does not end a
// memory-pressure loop.
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten-core';
import { PRACTICE, TEXTS, type RunRequest, type RunResult, type TestResult } from '../practice-rules';
import { JAVASCRIPT_PRELUDE } from './javascript-prelude';
import { OutputBuffer } from './output';

/** Strips TypeScript's types: esbuild's transform on the server, sucrase in the browser. Throws on a syntax error. */
export type StripTypes = (code: string) => string | Promise<string>;

export interface JavaScriptHarnessOptions {
  /** Needed for `typescript` requests. */
  stripTypes?: StripTypes;
  /** A monotonic clock in milliseconds (default `performance.now`). */
  now?: () => number;
}

export const QUICKJS_LIMITS = {
  memoryBytes: PRACTICE.memoryBytesMax,
  /** 0 (no limit) or 512 KB let deep recursion crash the host; 256 KB held. */
  stackBytes: 256 * 1024,
} as const;

interface ThrownError {
  name?: string;
  message: string;
  stack?: string;
}

/** The thrown value, as the learner reads it: 'TypeError: x is not a function', an assertion's own message. */
function describe(error: ThrownError, withLine: boolean): string {
  const text = error.name === 'AssertionError' || !error.name ? error.message : `${error.name}: ${error.message}`;
  const line = withLine ? /code\.js:(\d+)/.exec(error.stack ?? '')?.[1] : undefined;
  return line ? `${text} (line ${line})` : text;
}

const isOutOfMemory = (e: ThrownError) => e.name === 'InternalError' && e.message === 'out of memory';
const isInterrupted = (e: ThrownError) => e.name === 'InternalError' && e.message === 'interrupted';

function dispose(handle: { dispose(): void } | undefined): void {
  try {
    handle?.dispose();
  } catch {
    // A handle already released with its context: nothing left to free.
  }
}

/** Reads a thrown QuickJS value into a plain object, then frees it. */
function readError(context: QuickJSContext, handle: QuickJSHandle): ThrownError {
  try {
    const value: unknown = context.dump(handle);
    if (value && typeof value === 'object' && 'message' in value) {
      const e = value as { name?: unknown; message?: unknown; stack?: unknown };
      return {
        name: typeof e.name === 'string' ? e.name : undefined,
        message: String(e.message),
        stack: typeof e.stack === 'string' ? e.stack : undefined,
      };
    }
    return { message: `Uncaught ${typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))}` };
  } catch {
    return { message: 'Uncaught exception' };
  } finally {
    dispose(handle);
  }
}

export interface JavaScriptHarness {
  run(req: RunRequest): Promise<RunResult>;
}

export function createJavaScriptHarness(
  quickjs: QuickJSWASMModule,
  options: JavaScriptHarnessOptions = {},
): JavaScriptHarness {
  const now = options.now ?? (() => performance.now());

  async function strip(code: string, language: RunRequest['language']): Promise<string> {
    if (language !== 'typescript') return code;
    if (!options.stripTypes) throw new Error('TypeScript needs a stripTypes function');
    return options.stripTypes(code);
  }

  async function run(req: RunRequest): Promise<RunResult> {
    const started = now();
    const output = new OutputBuffer();
    const tests: TestResult[] = [];
    const finish = (verdict: RunResult['verdict'], error?: string): RunResult => ({
      verdict,
      tests,
      output: output.toString(),
      ...(error === undefined ? {} : { error }),
      durationMs: Math.round(now() - started),
    });

    // Visible tests first, then hidden ones, each hidden one named by its place among them.
    const visible = req.tests.filter((t) => !t.hidden);
    const hidden = req.tests.filter((t) => t.hidden);
    const ordered = [...visible, ...hidden].map((t, i) => ({
      ...t,
      label: t.hidden ? TEXTS.hiddenTest(i - visible.length + 1) : t.name,
    }));

    let code: string;
    try {
      code = await strip(req.code, req.language);
    } catch (e) {
      return finish('error', strippingMessage(e));
    }
    const testCode: (string | { error: string })[] = [];
    for (const t of ordered) {
      try {
        testCode.push(await strip(t.code, req.language));
      } catch (e) {
        testCode.push({ error: strippingMessage(e) });
      }
    }

    // The deadline counts the learner's code and the tests, not the engine's own set-up (set once the prelude ran).
    let deadline = Infinity;
    let runtime: QuickJSRuntime | undefined;
    let context: QuickJSContext | undefined;
    try {
      runtime = quickjs.newRuntime();
      runtime.setMemoryLimit(QUICKJS_LIMITS.memoryBytes);
      runtime.setMaxStackSize(QUICKJS_LIMITS.stackBytes);
      runtime.setInterruptHandler(() => now() > deadline);
      context = runtime.newContext();
      const ctx = context;
      const rt = runtime;

      const emit = ctx.newFunction('__emit', (text) => {
        output.write(ctx.getString(text));
      });
      ctx.setProp(ctx.global, '__emit', emit);
      dispose(emit);
      const prelude = ctx.evalCode(JAVASCRIPT_PRELUDE, 'prelude.js', { type: 'global' });
      if (prelude.error) throw new Error(`prelude: ${describe(readError(ctx, prelude.error), false)}`);
      dispose(prelude.value);
      deadline = now() + req.timeLimitMs;

      // The learner's code, as a script in the global scope (so its declarations are the tests' too).
      const result = ctx.evalCode(code, 'code.js', { type: 'global' });
      if (result.error) {
        const error = readError(ctx, result.error);
        if (isInterrupted(error)) return finish('timeout', TEXTS.timedOut(req.timeLimitMs));
        if (isOutOfMemory(error)) return finish('error', TEXTS.memory);
        return finish('error', describe(error, true));
      }
      dispose(result.value);
      const jobs = rt.executePendingJobs();
      if (jobs.error) {
        const error = readError(ctx, jobs.error);
        if (isInterrupted(error)) return finish('timeout', TEXTS.timedOut(req.timeLimitMs));
        if (isOutOfMemory(error)) return finish('error', TEXTS.memory);
      }
      if (now() > deadline) return finish('timeout', TEXTS.timedOut(req.timeLimitMs));

      for (let i = 0; i < ordered.length; i++) {
        const test = ordered[i];
        const source = testCode[i];
        output.silent = test.hidden;
        const record = (passed: boolean, message?: string) =>
          tests.push({
            name: test.label,
            passed,
            hidden: test.hidden,
            ...(passed || test.hidden || message === undefined ? {} : { message }),
          });
        if (typeof source !== 'string') {
          record(false, source.error);
          continue;
        }
        const evaluated = ctx.evalCode(`(async () => {\n${source}\n})()`, `test-${i + 1}.js`, { type: 'global' });
        if (evaluated.error) {
          const error = readError(ctx, evaluated.error);
          if (isInterrupted(error)) return finish('timeout', TEXTS.timedOut(req.timeLimitMs));
          if (isOutOfMemory(error)) return finish('error', TEXTS.memory);
          record(false, describe(error, false));
          continue;
        }
        const promise = evaluated.value;
        try {
          const pending = rt.executePendingJobs();
          if (pending.error) {
            const error = readError(ctx, pending.error);
            if (isInterrupted(error)) return finish('timeout', TEXTS.timedOut(req.timeLimitMs));
            if (isOutOfMemory(error)) return finish('error', TEXTS.memory);
          }
          const state = ctx.getPromiseState(promise);
          if (state.type === 'fulfilled') {
            dispose(state.value);
            record(true);
          } else if (state.type === 'rejected') {
            const error = readError(ctx, state.error);
            if (isInterrupted(error)) return finish('timeout', TEXTS.timedOut(req.timeLimitMs));
            if (isOutOfMemory(error)) return finish('error', TEXTS.memory);
            record(false, describe(error, false));
          } else {
            record(false, 'The test never finished: it awaits a promise that never settles');
          }
        } finally {
          dispose(promise);
        }
        if (now() > deadline) return finish('timeout', TEXTS.timedOut(req.timeLimitMs));
      }
      output.silent = false;
      return finish(tests.every((t) => t.passed) ? 'passed' : 'failed');
    } catch (e) {
      // The engine itself failed (a wasm trap): the run is an error, and the host should start a fresh engine.
      const message = e instanceof Error ? e.message : String(e);
      return finish('error', /memory/i.test(message) ? TEXTS.memory : `The engine stopped: ${message}`);
    } finally {
      output.silent = false;
      dispose(context);
      dispose(runtime);
    }
  }

  return { run };
}

function strippingMessage(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  return `SyntaxError: ${message.replace(/^Transform failed with \d+ errors?:\n/, '').trim()}`;
}
