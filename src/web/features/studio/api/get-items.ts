// GET /api/studio/{courses|tutorials|blogs}: every item of a kind, drafts included, with status, version and author.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { itemPath, studioKeys, type ItemOf, type StudioKind } from './studio-kinds';

export function getItems<K extends StudioKind>(kind: K, signal?: AbortSignal): Promise<ItemOf<K>[]> {
  return api<ItemOf<K>[]>(itemPath(kind), { auth: true, signal });
}

export const itemsQueryOptions = <K extends StudioKind>(kind: K) =>
  queryOptions({ queryKey: studioKeys.list(kind), queryFn: ({ signal }) => getItems(kind, signal) });

export function useItems<K extends StudioKind>(kind: K) {
  return useQuery(itemsQueryOptions(kind));
}
