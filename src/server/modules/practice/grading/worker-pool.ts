// A fixed number of grading workers for one engine (threads of this process, or child processes: worker-kinds.ts),
// and a bounded queue in front of them. Each run gets its deadline when a worker takes it, and the worker stops the
// run at the deadline itself (QuickJS's interrupt handler, Pyodide's interrupt check); one second later, if the
// worker has still not answered, the pool stops it (an interrupt alone does not end a memory-pressure loop, and
// Python code can swallow KeyboardInterrupt), answers 'timeout' and starts a fresh worker. A worker that dies during
// a run (WebAssembly out of memory, a trap, a killed process) is replaced too, and the run answers 'error'.
import { TEXTS, type RunRequest, type RunResult } from '../../../../shared/practice';
import { Refusal } from '../../../lib/errors';
import type { FromWorker, WorkerSetup } from './protocol';
import { startWorker, type GradingWorker, type ProcessLimits, type WorkerKind } from './worker-kinds';

/** How long past its deadline a run may go before its worker is stopped. */
export const HARD_STOP_MS = 1_000;

export interface WorkerPoolOptions {
  /** A thread of this process, or a child process behind Node's permission model. */
  kind: WorkerKind;
  size: number;
  /** Runs waiting for a worker; one more is refused ('busy': 503 with Retry-After). */
  queueMax: number;
  /** The worker entry (a .ts file runs under tsx in a thread, or bundled for a process). */
  workerFile: string;
  setup: WorkerSetup;
  /** A child process's reads and heap (kind 'process'). */
  limits?: ProcessLimits;
}

interface Job {
  id: number;
  req: RunRequest;
  resolve: (result: RunResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: GradingWorker;
  ready: boolean;
  /** warm() callers waiting for this worker to load. */
  waiting: { resolve: () => void; reject: (error: Error) => void }[];
  job: Job | null;
  timers: NodeJS.Timeout[];
  startedAt: number;
}

let nextId = 1;

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private closed = false;
  /** Start-up failures in a row: past a few, queued runs are refused instead of waiting forever. */
  private startFailures = 0;
  private started = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Starts the workers (on the first run otherwise); resolves when every worker is ready. */
  async warm(): Promise<void> {
    this.start();
    await Promise.all(
      this.slots.map(
        (slot) =>
          new Promise<void>((resolve, reject) => {
            if (slot.ready) resolve();
            else slot.waiting.push({ resolve, reject });
          }),
      ),
    );
  }

  private start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    for (let i = 0; i < this.options.size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const { kind, workerFile, setup, limits } = this.options;
    // A worker's events come after this function has returned.
    const events = {
      message: (message: FromWorker) => this.onMessage(slot, message),
      exit: (error: Error | null) => this.onExit(slot, error),
    };
    const worker = startWorker(kind, workerFile, setup, events, limits ?? { readable: [], heapMb: 0 });
    const slot: Slot = { worker, ready: false, waiting: [], job: null, timers: [], startedAt: 0 };
    return slot;
  }

  private onMessage(slot: Slot, message: FromWorker): void {
    if (message.type === 'ready') {
      slot.ready = true;
      this.startFailures = 0;
      for (const waiter of slot.waiting.splice(0)) waiter.resolve();
      this.dispatch();
      return;
    }
    if (message.type === 'start-failed') {
      this.startFailed(slot, message.message);
      return;
    }
    const job = slot.job;
    if (!job || job.id !== message.id) return;
    this.clear(slot);
    slot.job = null;
    if (message.type === 'result') {
      job.resolve(message.result);
      if (message.recycle) this.replace(slot);
    } else {
      job.resolve(engineFailure(message.message));
      this.replace(slot);
    }
    this.dispatch();
  }

  /** A worker that could not load its engine: retried twice, then the waiting runs are refused and the pool starts
   *  again on the next run (a missing file must not become a loop of threads). */
  private startFailed(slot: Slot, message: string): void {
    for (const waiter of slot.waiting.splice(0)) waiter.reject(new Error(message));
    this.startFailures++;
    if (this.startFailures < 3) {
      this.replace(slot);
      return;
    }
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    void slot.worker.terminate();
    if (this.slots.length === 0) {
      this.started = false;
      this.startFailures = 0;
      for (const job of this.queue.splice(0)) {
        job.reject(new Error(`The ${this.options.setup.language} grader cannot start: ${message}`));
      }
    }
  }

  private onExit(slot: Slot, error: Error | null): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return; // Terminated on purpose and already replaced.
    if (!slot.ready && !this.closed) {
      this.startFailed(slot, error?.message ?? 'the worker exited while starting');
      return;
    }
    const job = slot.job;
    this.clear(slot);
    slot.job = null;
    if (job) job.resolve(engineFailure(error?.message ?? 'the grader stopped'));
    if (this.closed) return;
    this.slots.splice(index, 1, this.spawn());
    this.dispatch();
  }

  /** Stops a worker (stuck, crashed, or its interpreter spoiled) and starts a fresh one in its place. */
  private replace(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.clear(slot);
    this.slots.splice(index, 1);
    void slot.worker.terminate();
    if (!this.closed) this.slots.push(this.spawn());
  }

  private clear(slot: Slot): void {
    for (const timer of slot.timers) clearTimeout(timer);
    slot.timers = [];
  }

  run(req: RunRequest): Promise<RunResult> {
    if (this.closed) return Promise.reject(new Error('The grader is closed'));
    this.start();
    const idle = this.slots.some((slot) => slot.ready && !slot.job);
    if (!idle && this.queue.length >= this.options.queueMax) {
      throw new Refusal('busy', 'Every grader is busy: try again in a moment', { 'Retry-After': '1' });
    }
    return new Promise<RunResult>((resolve, reject) => {
      this.queue.push({ id: nextId++, req, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (!slot.ready || slot.job) continue;
      const job = this.queue.shift() as Job;
      slot.job = job;
      slot.startedAt = performance.now();
      const limit = job.req.timeLimitMs;
      slot.timers.push(
        setTimeout(() => {
          if (slot.job !== job) return;
          slot.job = null;
          job.resolve({
            verdict: 'timeout',
            tests: [],
            output: '',
            error: TEXTS.timedOut(limit),
            durationMs: Math.round(performance.now() - slot.startedAt),
          });
          this.replace(slot);
          this.dispatch();
        }, limit + HARD_STOP_MS),
      );
      slot.worker.post({ id: job.id, req: job.req });
    }
  }

  /** Workers running or waiting, and runs waiting: for the benchmark and tests. */
  stats(): { workers: number; ready: number; busy: number; queued: number } {
    return {
      workers: this.slots.length,
      ready: this.slots.filter((s) => s.ready).length,
      busy: this.slots.filter((s) => s.job).length,
      queued: this.queue.length,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The grader is closed'));
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      this.clear(slot);
      if (slot.job) slot.job.reject(new Error('The grader is closed'));
      for (const waiter of slot.waiting.splice(0)) waiter.reject(new Error('The grader is closed'));
      slot.job = null;
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }
}

/** A worker that died or failed during a run: the run is an error, the memory limit when that is what it hit. */
function engineFailure(message: string): RunResult {
  const memory = /memory|allocation|Array buffer/i.test(message);
  return {
    verdict: 'error',
    tests: [],
    output: '',
    error: memory ? TEXTS.memory : `The grader stopped while running this code (${message})`,
    durationMs: 0,
  };
}
