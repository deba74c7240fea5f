// The grader a server process owns: a pool of QuickJS worker threads (JavaScript and TypeScript, about one per core)
// and a small pool of Pyodide child processes (Python, warm interpreters, each a process of its own behind Node's
// permission model), each with a bounded queue. When every worker of a language is busy and its queue is full,
// `grade` refuses with 'busy' (503 with Retry-After). The Python workers start with the first Python run unless
// `warm` asks for them at once (loading one takes a few seconds).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExerciseCheck, Language, RunRequest, RunResult } from '../../../../shared/practice';
import { PATHS } from '../../../paths';
import { WorkerPool } from './worker-pool';

export interface GraderOptions {
  /** QuickJS workers: default one fewer than the cores (at least 1, at most 8), so a core stays for the app's own
   *  thread: reads keep their speed while learners' infinite loops are being graded. */
  javascriptWorkers?: number;
  /** Pyodide workers: default 1 (2 on 4 cores or more). */
  pythonWorkers?: number;
  /** Runs waiting per language before `grade` refuses: default 64. */
  queueMax?: number;
  /** Start every worker now rather than on its language's first run. */
  warm?: boolean;
  /** The worker entry, for tests of a compiled build: default the one `PATHS` finds. */
  workerFile?: string;
}

export interface Grader {
  grade(req: RunRequest): Promise<RunResult>;
  /** Resolves when the workers (of one language, or all) are loaded, starting them if needed: for boot and benchmarks. */
  warm(only?: 'javascript' | 'python'): Promise<void>;
  stats(): Record<'javascript' | 'python', ReturnType<WorkerPool['stats']>>;
  close(): Promise<void>;
}

/** How far a Python worker's WebAssembly heap may grow past its size when ready: the 64 MB the learner may
 *  allocate, and room for the interpreter's own bookkeeping. */
const PYTHON_HEAP_HEADROOM = 128 * 1024 * 1024;
/** A Python child's JavaScript heap (Pyodide's glue and the messages; the interpreter's own heap is WebAssembly
 *  memory, capped by PYTHON_HEAP_HEADROOM): loading and grading use under 40 MB of it. */
const PYTHON_JS_HEAP_MB = 128;

export function createGrader(options: GraderOptions = {}): Grader {
  const cores = Math.max(1, os.availableParallelism());
  const queueMax = options.queueMax ?? 64;
  const workerFile = options.workerFile ?? PATHS.gradingWorker;
  const javascript = new WorkerPool({
    kind: 'thread',
    size: options.javascriptWorkers ?? Math.min(Math.max(1, cores - 1), 8),
    queueMax,
    workerFile,
    setup: { language: 'javascript', heapHeadroomBytes: 0 },
  });
  // The child process may read Pyodide's folder and its own entry, nothing else.
  const pyodideDir = fs.realpathSync(path.dirname(fileURLToPath(import.meta.resolve('pyodide'))));
  const python = new WorkerPool({
    kind: 'process',
    size: options.pythonWorkers ?? (cores >= 4 ? 2 : 1),
    queueMax,
    workerFile,
    setup: { language: 'python', heapHeadroomBytes: PYTHON_HEAP_HEADROOM, pyodideDir },
    limits: { readable: [pyodideDir], heapMb: PYTHON_JS_HEAP_MB },
  });
  const grader: Grader = {
    grade: (req) => (req.language === 'python' ? python : javascript).run(req),
    warm: async (only) => {
      await Promise.all([only !== 'python' && javascript.warm(), only !== 'javascript' && python.warm()]);
    },
    stats: () => ({ javascript: javascript.stats(), python: python.stats() }),
    close: async () => {
      await Promise.all([javascript.close(), python.close()]);
    },
  };
  if (options.warm) void grader.warm().catch(() => {});
  else void javascript.warm().catch(() => {});
  return grader;
}

export interface ExerciseToCheck {
  language: Language;
  solution: string;
  starterCode: string;
  tests: { name: string; code: string; hidden: boolean }[];
  timeLimitMs: number;
}

/** The save-time check: the reference solution must pass every test and the starter code must fail at least one.
 *  `failures` lists each test the solution fails (hidden ones by their own name: the author wrote them), or the
 *  solution's own error. */
export async function checkExercise(grader: Grader, exercise: ExerciseToCheck): Promise<ExerciseCheck> {
  const { language, tests, timeLimitMs } = exercise;
  // Graded in the order given, so a failure names the author's test; the author sees hidden tests by name too.
  const asVisible = tests.map((t) => ({ ...t, hidden: false }));
  const [solution, starter] = await Promise.all([
    grader.grade({ language, code: exercise.solution, tests: asVisible, timeLimitMs }),
    grader.grade({ language, code: exercise.starterCode, tests: asVisible, timeLimitMs }),
  ]);
  const failures: ExerciseCheck['failures'] = [];
  if (solution.verdict === 'error' || solution.verdict === 'timeout') {
    failures.push({ test: 'solution', message: solution.error ?? solution.verdict });
  }
  for (const result of solution.tests) {
    if (!result.passed) failures.push({ test: result.name, message: result.message ?? 'failed' });
  }
  return {
    solutionPasses: solution.verdict === 'passed' && solution.tests.length === tests.length,
    starterFails: starter.verdict !== 'passed',
    failures,
  };
}
