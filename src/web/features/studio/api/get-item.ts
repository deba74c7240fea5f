// GET /api/studio/{kind}/{id}: one item as its editor needs it (a course with its lessons in order).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { itemPath, studioKeys, type ItemOf, type StudioKind } from './studio-kinds';

export function getItem<K extends StudioKind>(kind: K, id: string, signal?: AbortSignal): Promise<ItemOf<K>> {
  return api<ItemOf<K>>(itemPath(kind, id), { auth: true, signal });
}

export const itemQueryOptions = <K extends StudioKind>(kind: K, id: string) =>
  queryOptions({
    queryKey: studioKeys.item(kind, id),
    queryFn: ({ signal }) => getItem(kind, id, signal),
    // An editor must start from the current version, not a minute-old copy from the list or another tab.
    staleTime: 0,
  });

export function useItem<K extends StudioKind>(kind: K, id: string) {
  return useQuery(itemQueryOptions(kind, id));
}
