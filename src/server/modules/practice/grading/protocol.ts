// The messages between the grading pool and its workers (threads of this process, or child processes over IPC).
import type { Language, RunRequest, RunResult } from '../../../../shared/practice';

export interface WorkerSetup {
  language: Extract<Language, 'javascript' | 'python'>;
  /** Python: how far the WebAssembly heap may grow past its size once the interpreter is ready. */
  heapHeadroomBytes: number;
  /** Python: the Pyodide package's folder (the interpreter and its standard library are loaded from it). */
  pyodideDir?: string;
}

/** The run and its time limit: the worker stops the run at the limit itself (QuickJS's interrupt handler, Pyodide's
 *  interrupt check), counted from when it receives the run. */
export type ToWorker = { id: number; req: RunRequest };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'start-failed'; message: string }
  | { type: 'result'; id: number; result: RunResult; recycle: boolean }
  | { type: 'failed'; id: number; message: string };
