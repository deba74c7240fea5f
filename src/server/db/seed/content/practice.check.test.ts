// The seed stores the demo exercises as checked (valid, solution passing, starter failing): this runs the Studio's
// save-time check, on the real grader, over every one of them, so the stored check is the truth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExercise, createGrader, type Grader } from '../../../modules/practice/grading';
import { practice } from './practice';

let grader: Grader;
beforeAll(() => {
  grader = createGrader({ javascriptWorkers: 1, pythonWorkers: 1 });
});
afterAll(() => grader.close());

const exercises = practice.flatMap(({ course, lesson, items }) =>
  items.flatMap((item) => (item.kind === 'exercise' ? [{ course, lesson, item }] : [])),
);

describe('every demo exercise passes the save-time check', () => {
  it.each(exercises.map((e) => [`${e.course} / ${e.item.title} (${e.item.language})`, e] as const))(
    '%s: the solution passes every test and the starter code fails one',
    async (_name, { item }) => {
      const check = await checkExercise(grader, {
        language: item.language,
        solution: item.solution,
        starterCode: item.starterCode,
        tests: item.tests,
        timeLimitMs: item.timeLimitMs ?? 2_000,
      });
      expect(check).toEqual({ solutionPasses: true, starterFails: true, failures: [] });
    },
    60_000,
  );
});
