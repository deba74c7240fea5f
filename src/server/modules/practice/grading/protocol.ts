// The messages between the grading pool and its worker threads.
import type { Language, RunRequest, RunResult } from '../../../../shared/practice';

export interface WorkerSetup {
  language: Extract<Language, 'javascript' | 'python'>;
  /** Python: Pyodide's interrupt buffer, shared with the pool, which writes 2 (SIGINT) into it at the deadline. */
  interruptBuffer?: SharedArrayBuffer;
  /** Python: how far the WebAssembly heap may grow past its size once the interpreter is ready. */
  heapHeadroomBytes: number;
}

export type ToWorker = { id: number; req: RunRequest };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'start-failed'; message: string }
  | { type: 'result'; id: number; result: RunResult; recycle: boolean }
  | { type: 'failed'; id: number; message: string };
