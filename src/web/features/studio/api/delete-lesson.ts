// DELETE /api/studio/lessons/{id}: the lesson leaves its course.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudioCourse } from '../../../../shared/studio';
import { api } from '../../../lib/api';
import { studioKeys } from './studio-kinds';
import { lessonPath } from './update-lesson';

export function deleteLesson(lessonId: string): Promise<unknown> {
  return api<unknown>(lessonPath(lessonId), { method: 'DELETE', auth: true });
}

export function useDeleteLesson(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLesson,
    onSuccess: async (_answer, lessonId) => {
      queryClient.setQueryData<StudioCourse>(studioKeys.item('courses', courseId), (course) =>
        course ? { ...course, lessons: course.lessons.filter((l) => l._id !== lessonId) } : course,
      );
      await queryClient.invalidateQueries({ queryKey: studioKeys.list('courses') });
    },
  });
}
