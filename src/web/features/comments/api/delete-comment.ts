// DELETE /api/lession/deletecomment/{id} (with the token: only the author may): the comment leaves the cached list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { commentsQueryKey } from './get-comments';

export function deleteComment(commentId: string): Promise<Comment> {
  return api<Comment>(`/api/lession/deletecomment/${encodeURIComponent(commentId)}`, { method: 'DELETE', auth: true });
}

export function useDeleteComment(lessonId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(commentId),
    onSuccess: (_deleted, commentId) =>
      queryClient.setQueryData<Comment[]>(commentsQueryKey(lessonId), (list = []) =>
        list.filter((c) => c._id !== commentId),
      ),
  });
}
