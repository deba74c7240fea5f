// What an exercise's save-time check found, in words (never by colour alone): the reference solution must pass every
// test and the starter code must fail at least one; until both hold the exercise is stored but hidden from learners.
import type { StudioExercise } from '../../../../shared/practice';

export const CHECK_TEXTS = {
  passed: 'Checked: the solution passes every test and the starter code fails one.',
  failed: 'Check failed: learners cannot see it.',
  solutionFails: 'The reference solution does not pass every test.',
  starterPasses: 'The starter code passes every test: it must fail at least one.',
} as const;

export function CheckResult({ exercise }: { exercise: Pick<StudioExercise, 'valid' | 'check'> }) {
  const { valid, check } = exercise;
  if (valid) {
    return (
      <p className="practice-check practice-check--passed">
        <span aria-hidden="true">✓ </span>
        {CHECK_TEXTS.passed}
      </p>
    );
  }
  return (
    <div className="practice-check practice-check--failed">
      <p className="practice-check__title">
        <span aria-hidden="true">✗ </span>
        {CHECK_TEXTS.failed}
      </p>
      <ul className="practice-check__list">
        {!check.solutionPasses && <li>{CHECK_TEXTS.solutionFails}</li>}
        {check.failures.map((failure, index) => (
          <li key={index}>
            “{failure.test}”: {failure.message}
          </li>
        ))}
        {!check.starterFails && <li>{CHECK_TEXTS.starterPasses}</li>}
      </ul>
    </div>
  );
}
