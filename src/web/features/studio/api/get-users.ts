// GET /api/studio/users?q= (admins): users whose name or email matches, with their role.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StudioUser } from '../../../../shared/studio';
import { api } from '../../../lib/api';

export const usersQueryKey = (q: string) => ['studio', 'users', q] as const;

export function getUsers(q: string, signal?: AbortSignal): Promise<StudioUser[]> {
  return api<StudioUser[]>(`/api/studio/users?q=${encodeURIComponent(q)}`, { auth: true, signal });
}

export const usersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: usersQueryKey(q),
    queryFn: ({ signal }) => getUsers(q, signal),
    // The previous results stay on screen while a new search runs.
    placeholderData: keepPreviousData,
  });

export function useUsers(q: string) {
  return useQuery(usersQueryOptions(q));
}
