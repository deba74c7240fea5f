// One grader per app: the pools of workers (threads and child processes) that run learners' submissions and the
// Studio's save-time check (modules/practice/grading). It starts on the first submission or check, not at boot, so a
// server that grades nothing pays nothing for it (no interpreters loaded, no workers started); it is closed with the app.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ExerciseCheck, RunRequest, RunResult } from '../../shared/practice';
import {
  checkExercise,
  createGrader,
  type ExerciseToCheck,
  type GraderOptions as PoolOptions,
} from '../modules/practice/grading';

/** What the practice calls use of the grader. */
export interface PracticeGrader {
  grade(request: RunRequest): Promise<RunResult>;
  check(exercise: ExerciseToCheck): Promise<ExerciseCheck>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    grader: PracticeGrader;
  }
}

export interface GraderOptions {
  /** The pools' sizes and queue (tests and benches choose them); defaults in grading/grader.ts. */
  pool?: PoolOptions;
  /** Start the pool when the app is ready rather than on the first submission or check. */
  atReady?: boolean;
}

/** The worker pools and the save-time check over them. */
function makeGrader(options: PoolOptions = {}): PracticeGrader {
  const pool = createGrader(options);
  return {
    grade: (request) => pool.grade(request),
    check: (exercise) => checkExercise(pool, exercise),
    close: () => pool.close(),
  };
}

async function grader(app: FastifyInstance, options: GraderOptions) {
  const make = () => makeGrader(options.pool);
  let started: Promise<PracticeGrader> | null = null;
  let closing = false;
  const instance = () => {
    if (closing) throw new Error('the grader is closed');
    if (!started) {
      const starting = Promise.resolve().then(make);
      // A grader that failed to start is tried again by the next call.
      starting.catch(() => {
        if (started === starting) started = null;
      });
      started = starting;
    }
    return started;
  };
  app.decorate('grader', {
    grade: async (request: RunRequest) => (await instance()).grade(request),
    check: async (exercise: ExerciseToCheck) => (await instance()).check(exercise),
    close: async () => {
      closing = true;
      if (started) await (await started.catch(() => null))?.close();
    },
  } satisfies PracticeGrader);
  if (options.atReady)
    app.addHook('onReady', async () => {
      await instance();
    });
  app.addHook('onClose', async () => app.grader.close());
}

export default fp(grader, { name: 'grader' });
