// GET /api/progress: the signed-in learner's courses with progress, most recent first ('Continue learning',
// '/learning', the course cards' bars).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyLearning } from '../../../../shared/progress';
import { api } from '../../../lib/api';

export function getMyLearning(signal?: AbortSignal): Promise<MyLearning> {
  return api<MyLearning>('/api/progress', { auth: true, signal });
}

export const myLearningQueryOptions = () =>
  queryOptions({ queryKey: ['progress', 'mine'], queryFn: ({ signal }) => getMyLearning(signal), staleTime: 0 });

export function useMyLearning(enabled: boolean) {
  return useQuery({ ...myLearningQueryOptions(), enabled });
}
