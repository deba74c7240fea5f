// GET /api/lession/getLession/{courseId}/{lessonId}: `course[0]` is the lesson shown, `lessionList` the sidebar.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LessonListItem, LessonPage } from '../../../../shared/contract';
import { api } from '../../../lib/api';

/** The read as the lesson page uses it: the sidebar lists the lessons by title, so a rendered page hands them to the
 *  browser without their descriptions (lesson-page.head.ts), and nothing here may need them. */
export interface LessonPageData extends Omit<LessonPage, 'lessionList'> {
  lessionList: LessonListItem[];
}

export const LESSON_QUERY = 'lesson';

export function getLesson(courseId: string, lessonId: string, signal?: AbortSignal): Promise<LessonPage> {
  return api<LessonPage>(`/api/lession/getLession/${encodeURIComponent(courseId)}/${encodeURIComponent(lessonId)}`, {
    signal,
  });
}

export const lessonQueryOptions = (courseId: string, lessonId: string) =>
  queryOptions({
    queryKey: [LESSON_QUERY, courseId, lessonId],
    queryFn: ({ signal }): Promise<LessonPageData> => getLesson(courseId, lessonId, signal),
    // Moving to the next lesson keeps the page (and the sidebar state) until the new lesson arrives.
    placeholderData: keepPreviousData,
  });

/** The lesson page's read as a rendered page hands it over: the lesson shown whole, the list without descriptions. */
export function lessonPageToHandOver({ lessionList, ...page }: LessonPage): LessonPageData {
  return { ...page, lessionList: lessionList.map(({ description: _description, ...item }) => item) };
}

export function useLesson(courseId: string, lessonId: string) {
  return useQuery(lessonQueryOptions(courseId, lessonId));
}
