// Learning progress (watched ranges, completion, resume), written once for the server and the web app: the calls'
// bodies and answers (zod), and (from progress-rules.ts, which the browser imports without zod) the rules' numbers
// and range arithmetic.
import { z } from 'zod';
import { practiceCount } from './practice';
import { certificateLink } from './certificates';
import { PROGRESS } from './progress-rules';

export * from './progress-rules';

const second = z.number({ error: 'must be a number of seconds' });
const ranges = z
  .array(z.tuple([second, second]), { error: 'ranges must be a list of [start, end] pairs' })
  .max(PROGRESS.rangesMax, `ranges: at most ${PROGRESS.rangesMax} ranges in one report`);
const duration = z
  .number({ error: 'duration must be a number of seconds' })
  .gt(0, 'duration must be more than 0 seconds')
  .max(PROGRESS.durationMax, `duration must be at most ${PROGRESS.durationMax} seconds`);

/** PUT /api/progress/{lessonId} */
export const progressReportBody = z.object({
  ranges,
  position: z.number({ error: 'position must be a number of seconds' }),
  duration,
});
export type ProgressReportBody = z.infer<typeof progressReportBody>;

/** PUT /api/progress/{lessonId}/complete */
export const completeBody = z.object({ completed: z.boolean({ error: 'completed must be true or false' }) });
export type CompleteBody = z.infer<typeof completeBody>;

/** The answer of both PUTs. `percent` is 0–100. */
export const lessonProgressState = z.object({ position: z.number(), percent: z.number(), completed: z.boolean() });
export type LessonProgressState = z.infer<typeof lessonProgressState>;

/** Where to go on in a course; `title` (an addition) names the lesson for 'Resume: {lesson} at 3:12'. */
export const resumePoint = z.object({ lessonId: z.string(), position: z.number(), title: z.string() });
export type ResumePoint = z.infer<typeof resumePoint>;

/** GET /api/progress/course/{courseId}. `practice` (an addition) counts the practice items passed of those learners
 *  see (an exercise hidden by a failing check does not count), for the course and for each lesson; `courseComplete`
 *  (an addition): every lesson completed and every practice item passed. */
export const courseProgress = z.object({
  percent: z.number(),
  completedLessons: z.number(),
  totalLessons: z.number(),
  lessons: z.array(
    z.object({
      _id: z.string(),
      percent: z.number(),
      completed: z.boolean(),
      position: z.number(),
      practice: practiceCount,
    }),
  ),
  resume: resumePoint.nullable(),
  practice: practiceCount,
  courseComplete: z.boolean(),
  /** The learner's certificate of this course, once it is complete (null before, and once revoked). */
  certificate: certificateLink,
});
export type CourseProgress = z.infer<typeof courseProgress>;

/** GET /api/progress: the learner's courses, most recent first. */
export const myLearning = z.object({
  courses: z.array(
    z.object({
      course: z.object({ _id: z.string(), title: z.string(), cover: z.string() }),
      percent: z.number(),
      resume: resumePoint.nullable(),
      updatedAt: z.string(),
    }),
  ),
});
export type MyLearning = z.infer<typeof myLearning>;

/** POST /api/progress/merge (an addition): a visitor's local progress joins the account at login or sign-up.
 *  Ranges are united with what the account has, so nothing is lost and nothing counts twice. */
export const mergeBody = z.object({
  lessons: z
    .array(
      z.object({
        lessonId: z.string().max(100),
        ranges,
        position: z.number({ error: 'position must be a number of seconds' }),
        duration,
        /** A mark the visitor set by hand; null or absent when none. */
        completed: z.boolean().nullable().optional(),
        /** When the visitor last watched it (ms since 1970): the newer position wins. */
        updatedAt: z.number().optional(),
      }),
    )
    .max(PROGRESS.mergeLessonsMax, `lessons: at most ${PROGRESS.mergeLessonsMax} lessons in one merge`),
});
export type MergeBody = z.infer<typeof mergeBody>;
export const mergeResult = z.object({ merged: z.number(), skipped: z.array(z.string()) });
export type MergeResult = z.infer<typeof mergeResult>;
