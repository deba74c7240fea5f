// DELETE /api/studio/{exercises|quizzes}/{id}: the item leaves its owner's list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudioPracticeItems } from '../../../../../shared/practice';
import { api } from '../../../../lib/api';
import { practiceItemPath, practiceKey, type PracticeOwner, type StudioPracticeItem } from './practice-keys';

export function deletePracticeItem(item: Pick<StudioPracticeItem, 'kind' | '_id'>): Promise<unknown> {
  return api<unknown>(practiceItemPath(item.kind, item._id), { method: 'DELETE', auth: true });
}

export function useDeletePracticeItem(owner: PracticeOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePracticeItem,
    onSuccess: (_answer, item) =>
      queryClient.setQueryData<StudioPracticeItems>(practiceKey(owner), (list) =>
        list ? { items: list.items.filter((other) => other._id !== item._id) } : list,
      ),
  });
}
