// PUT /api/studio/{lessons|tutorials}/{id}/practice-order {ids}: every item id in the new order → the items in that
// order. As with the lessons' order: the list moves at once, one owner's calls run one after another (a mutation
// scope), and an answer is shown only when no newer move is waiting, so an older order never lands after a newer one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudioPracticeItems } from '../../../../../shared/practice';
import { api } from '../../../../lib/api';
import { ownerPath, practiceKey, type PracticeOwner } from './practice-keys';

export function reorderPractice(owner: PracticeOwner, ids: string[]): Promise<StudioPracticeItems> {
  return api<StudioPracticeItems>(`${ownerPath(owner)}/practice-order`, { method: 'PUT', body: { ids }, auth: true });
}

export function useReorderPractice(owner: PracticeOwner) {
  const queryClient = useQueryClient();
  const key = practiceKey(owner);
  const mutationKey = ['practice-order', owner.kind, owner.id];
  // This call still counts as pending in its own callbacks: more than one means a newer move is waiting.
  const newerMoveWaiting = () => queryClient.isMutating({ mutationKey, exact: true }) > 1;
  return useMutation({
    mutationKey,
    scope: { id: `practice-order:${owner.kind}:${owner.id}` },
    mutationFn: (ids: string[]) => reorderPractice(owner, ids),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<StudioPracticeItems>(key);
      queryClient.setQueryData<StudioPracticeItems>(key, (list) => {
        if (!list) return list;
        const byId = new Map(list.items.map((item) => [item._id, item]));
        return { items: ids.flatMap((id) => byId.get(id) ?? []) };
      });
      return { before };
    },
    onError: (_err, _ids, context) => {
      if (context?.before && !newerMoveWaiting()) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (answer) => {
      if (!newerMoveWaiting()) queryClient.setQueryData(key, answer);
    },
  });
}
