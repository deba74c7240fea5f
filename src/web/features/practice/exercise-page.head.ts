// An exercise page on the server: the exercise (prompt, starter code, visible tests) and its lesson's or tutorial's
// practice list (for 'Next') are read in process, so the prompt and the starter code are readable without
// JavaScript; its head describes the exercise.
import type { Exercise } from '../../../shared/practice';
import { patterns, paths } from '../../app/paths';
import { describe } from '../../ssr/head';
import { declarePage } from '../../ssr/page-declaration';
import { exerciseQueryOptions } from './api/get-exercise';

export const page = declarePage({
  pattern: patterns.exercise,
  reads: ['/api/exercises/', '/api/practice/'],
  head: ({ client, params, url }) => {
    const id = params.exerciseId ?? '';
    const exercise = client.getQueryData<Exercise>(exerciseQueryOptions(id).queryKey);
    if (!exercise) return null;
    return {
      shareTitle: `Exercise: ${exercise.title}`,
      description: describe(exercise.prompt, `A DevCourses ${exercise.language} exercise: ${exercise.title}.`),
      canonical: url(paths.exercise(id)),
    };
  },
});
