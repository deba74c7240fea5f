// POST /api/studio/courses/{id}/lessons: a new lesson at the end of the course.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateLessonBody, StudioCourse, StudioLesson } from '../../../../shared/studio';
import { api } from '../../../lib/api';
import { itemPath, studioKeys } from './studio-kinds';

export function addLesson(courseId: string, body: CreateLessonBody): Promise<StudioLesson> {
  return api<StudioLesson>(`${itemPath('courses', courseId)}/lessons`, { method: 'POST', body, auth: true });
}

export function useAddLesson(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLessonBody) => addLesson(courseId, body),
    onSuccess: async (lesson) => {
      queryClient.setQueryData<StudioCourse>(studioKeys.item('courses', courseId), (course) =>
        course ? { ...course, lessons: [...course.lessons.filter((l) => l._id !== lesson._id), lesson] } : course,
      );
      // The course's version and last edit may have moved with its lessons.
      await queryClient.invalidateQueries({ queryKey: studioKeys.list('courses') });
    },
  });
}
