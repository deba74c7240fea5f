// The browser's code runner: where the app serves it, what it answers and what it says. Kept apart from the zod
// contract in ./practice.ts (which re-exports it), so the pages showing runnable examples load no schema for them.
import type { RunResult, Verdict } from './practice-rules';

/** Where the app serves the runner frame and the runtimes' files: its own path, with its own CSP. */
export const RUNNER_PATH = '/practice-runner';

/** The page a runnable HTML example renders in: the example's HTML follows its address after `#`. */
export const EXAMPLE_PAGE_PATH = `${RUNNER_PATH}/example.html`;

/** The time limit of a runnable example's run: an exercise's default (PRACTICE.timeLimitMs.default). */
export const EXAMPLE_TIME_LIMIT_MS = 2_000;

/** What the browser's runner answers: a `RunResult`, or verdict 'stopped' when the learner pressed Stop. */
export type RunnerVerdict = Verdict | 'stopped';
/** VERDICTS and 'stopped' (practice-runner.test.ts holds them equal). */
export const RUNNER_VERDICTS: readonly RunnerVerdict[] = ['passed', 'failed', 'error', 'timeout', 'stopped'];
export interface RunnerResult extends Omit<RunResult, 'verdict'> {
  verdict: RunnerVerdict;
}

export const RUNNER_TEXTS = {
  stopped: 'Stopped',
  escapeHint: 'Press Esc then Tab to leave the editor',
  noAnswer: 'The code runner did not answer: try again',
} as const;
