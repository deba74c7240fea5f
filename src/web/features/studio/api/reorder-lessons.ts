// PUT /api/studio/courses/{id}/lesson-order {ids}: every lesson id of the course in the new order → the lessons in
// that order. The list moves at once (a keyboard user pressing Move up twice sees both moves); the calls of one
// course run one after another (a mutation scope). A move's onMutate runs at once even while an earlier call is on
// its way, so an answer (or the refetch after it) is shown only when no newer move is waiting: an older order
// never lands after a newer one (it would put the list back and drop the focus the moved button holds).
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
  const mutationKey = ['lesson-order', courseId];
  // This call still counts as pending in its own callbacks: more than one means a newer move is waiting.
  const newerMoveWaiting = () => queryClient.isMutating({ mutationKey, exact: true }) > 1;
  return useMutation({
    mutationKey,
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
    // With a newer move waiting, its call (sent from the order on screen) and its answer decide what is shown.
    onError: (_err, _ids, context) => {
      if (context?.before && !newerMoveWaiting()) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (lessons) => {
      if (newerMoveWaiting()) return;
      queryClient.setQueryData<StudioCourse>(key, (course) => (course ? { ...course, lessons } : course));
    },
    // The course's version may move with its lessons: read it again once the moves have settled.
    onSettled: () => (newerMoveWaiting() ? undefined : queryClient.invalidateQueries({ queryKey: key, exact: true })),
  });
}
