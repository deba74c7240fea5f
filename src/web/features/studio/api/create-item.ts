// POST /api/studio/{kind}: a new item (a draft unless told otherwise); the list learns of it and the editor opens
// from the cache.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { itemPath, studioKeys, type CreateBodyOf, type ItemOf, type StudioKind } from './studio-kinds';

export function createItem<K extends StudioKind>(kind: K, body: CreateBodyOf<K>): Promise<ItemOf<K>> {
  return api<ItemOf<K>>(itemPath(kind), { method: 'POST', body, auth: true });
}

export function useCreateItem<K extends StudioKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBodyOf<K>) => createItem(kind, body),
    onSuccess: async (created) => {
      queryClient.setQueryData(studioKeys.item(kind, created._id), created);
      await queryClient.invalidateQueries({ queryKey: studioKeys.list(kind), exact: true });
    },
  });
}
