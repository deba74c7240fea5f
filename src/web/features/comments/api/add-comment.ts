// POST /api/lession/addcomment {lession, content}: the new comment goes to the top of the cached list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { commentsQueryKey } from './get-comments';

export function addComment(lessonId: string, content: string): Promise<Comment> {
  return api<Comment>('/api/lession/addcomment', { method: 'POST', body: { lession: lessonId, content }, auth: true });
}

export function useAddComment(lessonId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => addComment(lessonId, content),
    onSuccess: (created) =>
      queryClient.setQueryData<Comment[]>(commentsQueryKey(lessonId), (list = []) => [
        created,
        ...list.filter((c) => c._id !== created._id),
      ]),
  });
}
