import { expect, it } from 'vitest';
import { PRACTICE, VERDICTS } from './practice';
import { EXAMPLE_TIME_LIMIT_MS, RUNNER_VERDICTS } from './practice-runner';

it("the runner answers every verdict of the contract, and 'stopped'", () => {
  expect(RUNNER_VERDICTS).toEqual([...VERDICTS, 'stopped']);
});

it("runs an example under an exercise's default time limit", () => {
  expect(EXAMPLE_TIME_LIMIT_MS).toBe(PRACTICE.timeLimitMs.default);
});
