// GET /api/tutorial/getTutorialDetail/{id}: an array whose first item is the tutorial.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tutorial } from '../../../../shared/contract';
import { api } from '../../../lib/api';

export function getTutorial(tutorialId: string, signal?: AbortSignal): Promise<Tutorial[]> {
  return api<Tutorial[]>(`/api/tutorial/getTutorialDetail/${encodeURIComponent(tutorialId)}`, { signal });
}

export const tutorialQueryOptions = (tutorialId: string) =>
  queryOptions({ queryKey: ['tutorial', tutorialId], queryFn: ({ signal }) => getTutorial(tutorialId, signal) });

export function useTutorial(tutorialId: string) {
  return useQuery(tutorialQueryOptions(tutorialId));
}
