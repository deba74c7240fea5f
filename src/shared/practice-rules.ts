// Practice's limits, texts and the runner's request and result, without zod: the code runners (the server's workers,
// the browser's frame and Worker) and the shared harness need these and no schema. ./practice.ts re-exports them
// beside the contract's schemas.
import { LIMITS } from './constants';

export const PRACTICE = {
  /** The languages an exercise is written in; code blocks in these (and html) also get a Run button. */
  languages: ['javascript', 'typescript', 'python'] as const,
  runnableBlockLanguages: ['javascript', 'typescript', 'python', 'html'] as const,
  /** UTF-8 bytes of submitted code, starter code, a solution or one test's code: more is 413. */
  codeBytesMax: 64 * 1024,
  timeLimitMs: { min: 100, max: 10_000, default: 2_000 },
  /** The learner's allocations, in every language. */
  memoryBytesMax: 64 * 1024 * 1024,
  /** What the learner's code prints before and during the visible tests; more is cut with a note. */
  outputBytesMax: 8 * 1024,
  testsMax: 50,
  testNameMax: 200,
  promptMax: LIMITS.authoredTextMax,
  /** The submissions kept per learner and exercise (and listed, newest first). */
  submissionsKept: 20,
  /** The quiz attempts kept per learner and quiz. */
  attemptsKept: 20,
  submissionsPerMinute: 30,
  quiz: { questionsMax: 50, choicesMin: 2, choicesMax: 8, passMarkDefault: 70, textMax: 2_000 },
  /** Items per lesson or tutorial. */
  itemsMax: 50,
} as const;

export const TEXTS = {
  timedOut: (limitMs: number) => `Timed out after ${formatSeconds(limitMs)} s`,
  outputCut: (bytes: number) => `… output cut at ${bytes / 1024} KB`,
  memory: `Memory limit of ${PRACTICE.memoryBytesMax / 1024 / 1024} MB exceeded`,
  hiddenTest: (n: number) => `Hidden test ${n}`,
} as const;

/** 2000 → '2', 1500 → '1.5'. */
function formatSeconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

export type Language = (typeof PRACTICE.languages)[number];

export const VERDICTS = ['passed', 'failed', 'error', 'timeout'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** One test's result. A hidden test's `name` is 'Hidden test N' and it has no `message`. */
export interface TestResult {
  name: string;
  passed: boolean;
  hidden: boolean;
  message?: string;
}

// One request and one result, the same in the browser (Run) and on the server (Submit).

/** What a runner is given. Hidden tests run last, and nothing printed while they run is returned. */
export interface RunRequest {
  language: Language;
  code: string;
  tests: { name: string; code: string; hidden: boolean }[];
  timeLimitMs: number;
}
/** What a runner answers: `error` holds the message when the learner's code itself does not compile or throws
 *  before the tests (verdict 'error'), or when it went past the memory limit. */
export interface RunResult {
  verdict: Verdict;
  tests: TestResult[];
  output: string;
  error?: string;
  durationMs: number;
}
