// GET /api/quizzes/{id}: the questions and choices, never which are correct. Read without a token for the page (what
// the server renders) and with the learner's for whether they passed it before.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Quiz } from '../../../../shared/practice';
import { type QuizFormOutcome, quizFormOutcomeKey } from '../../../../shared/practice-form';
import { api } from '../../../lib/api';

export function getQuiz(quizId: string, auth: boolean, signal?: AbortSignal): Promise<Quiz> {
  return api<Quiz>(`/api/quizzes/${encodeURIComponent(quizId)}`, { auth, signal });
}

export const quizQueryOptions = (quizId: string) =>
  queryOptions({ queryKey: ['quiz', quizId], queryFn: ({ signal }) => getQuiz(quizId, false, signal) });

export function useQuiz(quizId: string) {
  return useQuery(quizQueryOptions(quizId));
}

export function useLearnerQuiz(quizId: string, signedIn: boolean) {
  return useQuery({
    queryKey: ['quiz', quizId, 'learner'],
    queryFn: ({ signal }) => getQuiz(quizId, true, signal),
    staleTime: 0,
    enabled: signedIn,
  });
}

/** What the server handed in with the page, if it answered the quiz's form post: read from the cache as it was
 *  handed over, never fetched. */
export function useQuizFormOutcome(quizId: string): QuizFormOutcome | undefined {
  return useQueryClient().getQueryData<QuizFormOutcome>(quizFormOutcomeKey(quizId));
}
