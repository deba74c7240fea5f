import { expect, it } from 'vitest';
import { PRACTICE } from '../../../../shared/practice';
import { RUNNABLE_LANGUAGES } from './runnable-examples';

it('gives a Run button to the code blocks of exactly the runnable languages', () => {
  expect([...RUNNABLE_LANGUAGES]).toEqual([...PRACTICE.runnableBlockLanguages]);
});
