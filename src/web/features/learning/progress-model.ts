// One shape for a learner's progress in a course, whether it comes from the server (signed in) or from this
// browser's local progress (a visitor), so the screens do not care which.
import type { LessonListItem } from '../../../shared/contract';
import type { PracticeCount } from '../../../shared/practice';
import type { CertificateLink } from '../../../shared/certificates';
import type { CourseProgress, ResumePoint } from '../../../shared/progress';
import { coveredSeconds, percentOf, PROGRESS, resumePosition, roundPercent } from '../../../shared/progress-rules';
import { type LocalLesson, type LocalProgress, localState } from './local-progress';

export interface LessonMark {
  percent: number;
  completed: boolean;
  position: number;
}

export interface LearnerCourse {
  percent: number;
  completedLessons: number;
  totalLessons: number;
  marks: Record<string, LessonMark>;
  resume: ResumePoint | null;
  /** Anything watched or marked: the course shows a bar and 'Resume' instead of 'Start the course'. */
  started: boolean;
  /** Practice items passed of those in the course, and per lesson: known for a signed-in learner only. */
  practice: PracticeCount | null;
  lessonPractice: Record<string, PracticeCount>;
  /** The learner's certificate of the course once it is complete (a visitor has none). */
  certificate: CertificateLink;
}

export function fromServer(progress: CourseProgress): LearnerCourse {
  const marks: Record<string, LessonMark> = {};
  const lessonPractice: Record<string, PracticeCount> = {};
  for (const { _id, practice, ...mark } of progress.lessons) {
    marks[_id] = mark;
    lessonPractice[_id] = practice;
  }
  const started = progress.lessons.some((l) => l.percent > 0 || l.completed || l.position > 0);
  return { ...progress, marks, started, lessonPractice };
}

/** The server's rules applied to local entries: lessons weighed by duration (unknown ones by the average),
 *  a completed lesson counted whole, resume at the lesson touched last unless it is done. */
export function fromLocal(local: LocalProgress, courseId: string, lessons: readonly LessonListItem[]): LearnerCourse {
  const known = lessons.map((l) => l.duration ?? local[l._id]?.duration ?? null).filter((d): d is number => !!d);
  const average = known.length ? known.reduce((a, b) => a + b, 0) / known.length : PROGRESS.unknownWeight;
  const marks: Record<string, LessonMark> = {};
  let weighted = 0;
  let total = 0;
  let completedLessons = 0;
  let last: { index: number; entry: LocalLesson } | null = null;
  lessons.forEach((lesson, index) => {
    const entry = local[lesson._id]?.courseId === courseId ? local[lesson._id] : undefined;
    const duration = lesson.duration ?? entry?.duration ?? null;
    const weight = duration ?? average;
    const state = entry ? localState(entry) : { percent: 0, completed: false, position: 0 };
    marks[lesson._id] = state;
    if (state.completed) completedLessons++;
    weighted += state.completed ? weight : (weight * state.percent) / 100;
    total += weight;
    if (entry && (!last || entry.updatedAt > last.entry.updatedAt)) last = { index, entry };
  });
  let resume: ResumePoint | null = null;
  const from = last as { index: number; entry: LocalLesson } | null;
  if (from) {
    // The lesson touched last, then the ones after it, then the ones before it: the first not done.
    const indexes = [...lessons.keys()];
    const candidates = [from.index, ...indexes.slice(from.index + 1), ...indexes.slice(0, from.index)];
    const target = candidates.find((i) => !marks[lessons[i]._id].completed);
    if (target !== undefined) {
      const lesson = lessons[target];
      resume = {
        lessonId: lesson._id,
        title: lesson.title,
        position: resumePosition(marks[lesson._id].position, lesson.duration),
      };
    }
  }
  return {
    percent: total > 0 ? roundPercent((100 * weighted) / total) : 0,
    completedLessons,
    totalLessons: lessons.length,
    marks,
    resume,
    started: from !== null,
    practice: null,
    lessonPractice: {},
    certificate: null,
  };
}

/** A visitor's progress in a course seen from a card, which knows the course's total duration but not its
 *  lessons: the local lessons' watched seconds over that total. */
export function localCourseSummary(
  local: LocalProgress,
  courseId: string,
  courseDuration: number,
): { percent: number; resume: ResumePoint | null } | null {
  const entries = Object.entries(local).filter(([, entry]) => entry.courseId === courseId);
  if (entries.length === 0) return null;
  let seconds = 0;
  for (const [, entry] of entries) {
    const state = localState(entry);
    seconds += state.completed ? entry.duration : Math.min(entry.duration, coveredSeconds(entry.ranges));
  }
  const [lessonId, latest] = entries.reduce((a, b) => (b[1].updatedAt > a[1].updatedAt ? b : a));
  const done = localState(latest).completed;
  return {
    percent: courseDuration > 0 ? roundPercent((100 * seconds) / courseDuration) : percentOf(0, null),
    resume: done ? null : { lessonId, title: latest.title, position: resumePosition(latest.position, latest.duration) },
  };
}
