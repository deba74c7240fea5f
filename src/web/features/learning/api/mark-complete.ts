// PUT /api/progress/{lessonId}/complete {completed} → {position, percent, completed}: 'Mark as complete' and
// 'Mark as not complete'. The course's progress (marks, bar, resume) is read again afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LessonProgressState } from '../../../../shared/progress';
import { api } from '../../../lib/api';

export function markComplete(lessonId: string, completed: boolean): Promise<LessonProgressState> {
  return api<LessonProgressState>(`/api/progress/${encodeURIComponent(lessonId)}/complete`, {
    method: 'PUT',
    body: { completed },
    auth: true,
  });
}

export function useMarkComplete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, completed }: { lessonId: string; completed: boolean }) =>
      markComplete(lessonId, completed),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['progress'] }),
  });
}
