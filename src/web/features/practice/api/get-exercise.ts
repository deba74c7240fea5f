// GET /api/exercises/{id}: the exercise with its visible tests. Read twice: without a token for the page itself (what
// the server renders), and with the signed-in learner's token for their saved code and whether they passed.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Exercise } from '../../../../shared/practice';
import { api } from '../../../lib/api';

export function getExercise(exerciseId: string, auth: boolean, signal?: AbortSignal): Promise<Exercise> {
  return api<Exercise>(`/api/exercises/${encodeURIComponent(exerciseId)}`, { auth, signal });
}

export const exerciseQueryOptions = (exerciseId: string) =>
  queryOptions({ queryKey: ['exercise', exerciseId], queryFn: ({ signal }) => getExercise(exerciseId, false, signal) });

export const learnerExerciseQueryOptions = (exerciseId: string) =>
  queryOptions({
    queryKey: ['exercise', exerciseId, 'learner'],
    queryFn: ({ signal }) => getExercise(exerciseId, true, signal),
    staleTime: 0,
  });

export function useExercise(exerciseId: string) {
  return useQuery(exerciseQueryOptions(exerciseId));
}

export function useLearnerExercise(exerciseId: string, signedIn: boolean) {
  return useQuery({ ...learnerExerciseQueryOptions(exerciseId), enabled: signedIn });
}
