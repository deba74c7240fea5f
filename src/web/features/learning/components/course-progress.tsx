// A learner's place in a course: a bar ('40% complete') and 'Resume: {lesson} at 3:12', or 'Start the course'.
import type { ResumePoint } from '../../../../shared/progress';
import { paths } from '../../../app/paths';
import { Link } from '../../../lib/router';
import { formatClock } from '../../../lib/time-format';
import '../learning.css';

export function ProgressMeter({ percent, label }: { percent: number; label?: string }) {
  const rounded = Math.round(percent);
  return (
    <div className="progress-meter">
      <div
        className="progress-meter__track"
        role="progressbar"
        aria-label={label ?? 'Course progress'}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
      >
        <div className="progress-meter__fill" style={{ width: `${rounded}%` }} />
      </div>
      <span className="progress-meter__text">{rounded}% complete</span>
    </div>
  );
}

export function resumeLink(courseId: string, resume: ResumePoint) {
  const at = Math.floor(resume.position);
  return `${paths.lesson(courseId, resume.lessonId)}${at > 0 ? `?t=${at}` : ''}`;
}

interface CourseProgressProps {
  courseId: string;
  percent: number;
  resume: ResumePoint | null;
  started: boolean;
  /** Where 'Start the course' goes (the first lesson); no link when the course has none. */
  firstLessonId?: string;
  /** The course's title, for link names that make sense out of context (cards). */
  courseTitle?: string;
}

export function CourseProgress({
  courseId,
  percent,
  resume,
  started,
  firstLessonId,
  courseTitle,
}: CourseProgressProps) {
  const of = courseTitle ? ` of ${courseTitle}` : '';
  if (!started)
    return firstLessonId ? (
      <Link className="button" to={paths.lesson(courseId, firstLessonId)}>
        Start the course
        {courseTitle && <span className="visually-hidden"> {courseTitle}</span>}
      </Link>
    ) : null;
  return (
    <div className="course-progress">
      <ProgressMeter percent={percent} label={`Progress${of}`} />
      {resume ? (
        <Link className="button" to={resumeLink(courseId, resume)}>
          Resume: {resume.title}
          {resume.position > 0 && ` at ${formatClock(resume.position)}`}
        </Link>
      ) : (
        <span className="lesson-done">All lessons completed</span>
      )}
    </div>
  );
}

/** Done / partly watched beside a lesson in a list: a sign for the eye and words for screen readers. */
export function LessonMarkLabel({ completed, percent }: { completed: boolean; percent: number }) {
  if (completed)
    return (
      <span className="lesson-mark lesson-mark--done">
        <span aria-hidden="true">✓</span>
        <span className="visually-hidden">(completed)</span>
      </span>
    );
  if (percent > 0)
    return (
      <span className="lesson-mark lesson-mark--partial">
        <span aria-hidden="true">◐</span>
        <span className="visually-hidden">({Math.round(percent)}% watched)</span>
      </span>
    );
  return null;
}
