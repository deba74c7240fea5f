// GET /api/studio/{lessons|tutorials}/{id}/practice: the items in order, each with everything its form needs (an
// exercise with its solution, every test and its check; a quiz with its answers).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudioPracticeItems } from '../../../../../shared/practice';
import { api } from '../../../../lib/api';
import { ownerPath, practiceKey, type PracticeOwner } from './practice-keys';

export function getPracticeItems(owner: PracticeOwner, signal?: AbortSignal): Promise<StudioPracticeItems> {
  return api<StudioPracticeItems>(`${ownerPath(owner)}/practice`, { auth: true, signal });
}

export const practiceItemsQueryOptions = (owner: PracticeOwner) =>
  queryOptions({
    queryKey: practiceKey(owner),
    queryFn: ({ signal }) => getPracticeItems(owner, signal),
    // Like an editor, the list starts from the current versions.
    staleTime: 0,
  });

export function usePracticeItems(owner: PracticeOwner) {
  return useQuery(practiceItemsQueryOptions(owner));
}
