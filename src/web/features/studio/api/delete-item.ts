// DELETE /api/studio/{kind}/{id}: the item (a course with its lessons) is gone; it leaves the list and the cache.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { itemPath, studioKeys, type ItemOf, type StudioKind } from './studio-kinds';

export function deleteItem(kind: StudioKind, id: string): Promise<unknown> {
  return api<unknown>(itemPath(kind, id), { method: 'DELETE', auth: true });
}

export function useDeleteItem<K extends StudioKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteItem(kind, id),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<ItemOf<K>[]>(studioKeys.list(kind), (list) => list?.filter((item) => item._id !== id));
      queryClient.removeQueries({ queryKey: studioKeys.item(kind, id), exact: true });
    },
  });
}
