// Learning progress (issue 9), written once for the server and the web app: the calls' bodies and answers, the
// rules' numbers, and the pure range arithmetic the browser uses for a visitor's progress in localStorage (the
// server does the same merge in SQL).
import { z } from 'zod';

export const PROGRESS = {
  /** A lesson is completed when at least this share of it has been watched. */
  completeRatio: 0.9,
  rangesMax: 500,
  /** A reported duration may differ from the lesson's known one by this share (players round differently). */
  durationTolerance: 0.05,
  /** No video is longer than a day: a larger duration is a broken report. */
  durationMax: 24 * 60 * 60,
  /** The player reports this often while playing. */
  reportEveryMs: 10_000,
  /** Resuming in the first seconds or the last share of a lesson starts it over instead. */
  resumeSkipStart: 5,
  resumeSkipEndRatio: 0.05,
  /** Lessons in one visitor merge (a visitor's localStorage at login). */
  mergeLessonsMax: 200,
  /** 'Up next' waits this long before going on. */
  upNextSeconds: 5,
} as const;

export type Range = [number, number];

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

/** GET /api/progress/course/{courseId} */
export const courseProgress = z.object({
  percent: z.number(),
  completedLessons: z.number(),
  totalLessons: z.number(),
  lessons: z.array(z.object({ _id: z.string(), percent: z.number(), completed: z.boolean(), position: z.number() })),
  resume: resumePoint.nullable(),
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

// ---- range arithmetic (the browser's copy of what the server does with nummultirange) ----

/** The ranges sorted and united: overlapping, touching and duplicate ranges become one; empty ones go. */
export function mergeRanges(input: readonly Range[]): Range[] {
  const sorted = input.filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Range[] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Seconds covered by the ranges, each second counted once. */
export const coveredSeconds = (input: readonly Range[]) =>
  mergeRanges(input).reduce((sum, [start, end]) => sum + end - start, 0);

/** 0–100, rounded to one decimal. */
export const percentOf = (covered: number, duration: number | null) =>
  duration && duration > 0 ? Math.round(Math.min(100, (100 * covered) / duration) * 10) / 10 : 0;

export const isWatchedEnough = (covered: number, duration: number) => covered >= PROGRESS.completeRatio * duration;

/** Where the player starts for a saved position: there, unless it is in the first seconds or the last 5%. */
export function resumePosition(position: number, duration: number | null): number {
  if (position < PROGRESS.resumeSkipStart) return 0;
  if (duration && position >= duration * (1 - PROGRESS.resumeSkipEndRatio)) return 0;
  return position;
}

/** What is wrong with a report's ranges and position for a lesson of `duration` seconds, or null. */
export function rangesProblem(input: readonly Range[], position: number, duration: number): string | null {
  for (const [i, [start, end]] of input.entries()) {
    if (end < start) return `ranges[${i}]: end (${end}) is before start (${start})`;
    if (start < 0 || end > duration)
      return `ranges[${i}]: [${start}, ${end}] is outside the lesson [0, ${duration}] seconds`;
  }
  if (position < 0 || position > duration)
    return `position (${position}) is outside the lesson [0, ${duration}] seconds`;
  return null;
}
