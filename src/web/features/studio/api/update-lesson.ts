// PATCH /api/studio/lessons/{id}: any subset of a lesson's fields plus its `version`; a stale version answers 409.
import type { QueryClient } from '@tanstack/react-query';
import type { PatchLessonBody, StudioCourse, StudioLesson } from '../../../../shared/studio';
import { api } from '../../../lib/api';
import { studioKeys } from './studio-kinds';

export const lessonPath = (lessonId: string) => `/api/studio/lessons/${encodeURIComponent(lessonId)}`;

export function updateLesson(lessonId: string, patch: PatchLessonBody): Promise<StudioLesson> {
  return api<StudioLesson>(lessonPath(lessonId), { method: 'PATCH', body: patch, auth: true });
}

/** POST /api/studio/lessons/{id}/update: a draft lesson of a published course is published (readers see it), or a
 *  published lesson's changes are; on the version the editor holds, when given. */
export function publishLesson(lessonId: string, version?: number): Promise<StudioLesson> {
  return api<StudioLesson>(`${lessonPath(lessonId)}/update`, {
    method: 'POST',
    auth: true,
    ...(version !== undefined && { body: { version } }),
  });
}

/** The saved lesson replaces its copy inside the cached course. */
export function storeLesson(queryClient: QueryClient, lesson: StudioLesson): void {
  queryClient.setQueryData<StudioCourse>(studioKeys.item('courses', lesson.courseId), (course) =>
    course ? { ...course, lessons: course.lessons.map((l) => (l._id === lesson._id ? lesson : l)) } : course,
  );
}
