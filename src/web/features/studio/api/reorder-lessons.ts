// PUT /api/studio/courses/{id}/lesson-order {ids}: every lesson id of the course in the new order → the lessons in
// that order. The list moves at once (a keyboard user pressing Move up twice sees both moves); the calls of one
// course run one after another (a mutation scope), so an older answer never lands after a newer order.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudioCourse, StudioLesson } from '../../../../shared/studio';
import { api } from '../../../lib/api';
import { itemPath, studioKeys } from './studio-kinds';

export function reorderLessons(courseId: string, ids: string[]): Promise<StudioLesson[]> {
  return api<StudioLesson[]>(`${itemPath('courses', courseId)}/lesson-order`, {
    method: 'PUT',
    body: { ids },
    auth: true,
  });
}

export function useReorderLessons(courseId: string) {
  const queryClient = useQueryClient();
  const key = studioKeys.item('courses', courseId);
  return useMutation({
    scope: { id: `lesson-order:${courseId}` },
    mutationFn: (ids: string[]) => reorderLessons(courseId, ids),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<StudioCourse>(key);
      queryClient.setQueryData<StudioCourse>(key, (course) => {
        if (!course) return course;
        const byId = new Map(course.lessons.map((lesson) => [lesson._id, lesson]));
        return { ...course, lessons: ids.flatMap((id) => byId.get(id) ?? []) };
      });
      return { before };
    },
    onError: (_err, _ids, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (lessons) =>
      queryClient.setQueryData<StudioCourse>(key, (course) => (course ? { ...course, lessons } : course)),
    // The course's version may move with its lessons: read it again once the moves have settled.
    onSettled: () => queryClient.invalidateQueries({ queryKey: key, exact: true }),
  });
}
