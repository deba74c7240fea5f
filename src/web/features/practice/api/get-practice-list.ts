// GET /api/practice/lesson/{id} · /api/practice/tutorial/{id}: a lesson's or tutorial's practice items in order, each
// `passed` for the signed-in learner. Read without a token while the server renders the page, then with it once the
// browser knows the learner (the list stays on screen meanwhile).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PracticeList } from '../../../../shared/practice';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';

export type PracticeOwner = 'lesson' | 'tutorial';

export const practiceListQueryOptions = (owner: PracticeOwner, ownerId: string, signedIn: boolean) =>
  queryOptions({
    queryKey: ['practice', owner, ownerId, signedIn ? 'learner' : 'public'],
    queryFn: ({ signal }) =>
      api<PracticeList>(`/api/practice/${owner}/${encodeURIComponent(ownerId)}`, { auth: signedIn, signal }),
    // Signed in, the learner's ✓ is read fresh; signed out, the client's default applies (an explicit undefined
    // would override it with 0 and read the list the page was rendered with again).
    ...(signedIn ? { staleTime: 0 } : {}),
    placeholderData: keepPreviousData,
  });

export function usePracticeList(owner: PracticeOwner, ownerId: string | null) {
  const { signedIn } = useSession();
  return useQuery({ ...practiceListQueryOptions(owner, ownerId ?? '', signedIn), enabled: ownerId !== null });
}
