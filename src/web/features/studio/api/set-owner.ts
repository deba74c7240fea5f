// PUT /api/studio/{courses,tutorials,blogs}/{id}/owner {userId} (admins) → the item, now the chosen author's.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type ItemOf, studioKeys, type StudioKind } from './studio-kinds';

export function useSetOwner<K extends StudioKind>(kind: K, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api<ItemOf<K>>(`/api/studio/${kind}/${encodeURIComponent(id)}/owner`, {
        method: 'PUT',
        body: { userId },
        auth: true,
      }),
    onSuccess: (item) => {
      queryClient.setQueryData(studioKeys.item(kind, id), item);
      // The list shows the author too.
      void queryClient.invalidateQueries({ queryKey: studioKeys.list(kind), exact: true });
    },
  });
}
