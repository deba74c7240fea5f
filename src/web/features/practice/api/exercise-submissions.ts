// POST /api/exercises/{id}/submissions {code} → the server's verdict over every test (hidden ones by number only);
// GET the same path: the learner's own submissions, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Submission, SubmissionList } from '../../../../shared/practice';
import { api } from '../../../lib/api';

const path = (exerciseId: string) => `/api/exercises/${encodeURIComponent(exerciseId)}/submissions`;

export function submitCode(exerciseId: string, code: string): Promise<Submission> {
  return api<Submission>(path(exerciseId), { method: 'POST', body: { code }, auth: true });
}

export const submissionsQueryOptions = (exerciseId: string) =>
  queryOptions({
    queryKey: ['exercise', exerciseId, 'submissions'],
    queryFn: ({ signal }) => api<SubmissionList>(path(exerciseId), { auth: true, signal }),
    staleTime: 0,
  });

export function useSubmissions(exerciseId: string, enabled: boolean) {
  return useQuery({ ...submissionsQueryOptions(exerciseId), enabled });
}
