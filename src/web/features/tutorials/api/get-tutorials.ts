// GET /api/tutorial/getTutorial: the tutorial cards.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TutorialCard } from '../../../../shared/contract';
import { api } from '../../../lib/api';

export function getTutorials(signal?: AbortSignal): Promise<TutorialCard[]> {
  return api<TutorialCard[]>('/api/tutorial/getTutorial', { signal });
}

export const tutorialsQueryOptions = () =>
  queryOptions({ queryKey: ['tutorials'], queryFn: ({ signal }) => getTutorials(signal) });

export function useTutorials() {
  return useQuery(tutorialsQueryOptions());
}
