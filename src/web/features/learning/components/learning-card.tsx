// A course the learner has started: cover, title, bar and resume link ('Continue learning', '/learning').
import type { ResumePoint } from '../../../../shared/progress';
import { paths } from '../../../app/paths';
import { Link } from '../../../lib/router';
import { CourseProgress } from './course-progress';

interface LearningCardProps {
  courseId: string;
  title: string;
  cover: string;
  percent: number;
  resume: ResumePoint | null;
  to: string;
}

export function LearningCard({ courseId, title, cover, percent, resume, to }: LearningCardProps) {
  return (
    <article className="card learning-card">
      <img className="card__image" src={cover} alt="" width="640" height="360" loading="lazy" decoding="async" />
      <div className="card__body">
        <h3 className="card__title">
          <Link to={to}>{title}</Link>
        </h3>
        <CourseProgress courseId={courseId} percent={percent} resume={resume} started courseTitle={title} />
      </div>
    </article>
  );
}

/** One course the learner has started, as the progress calls give it. */
export interface LearningEntry {
  course: { _id: string; title: string; cover: string };
  percent: number;
  resume: ResumePoint | null;
}

/** A section of learning cards under its heading ('Continue learning', 'In progress', 'Completed'). */
export function LearningSection({
  id,
  title,
  entries,
  className = 'section',
}: {
  id: string;
  title: string;
  entries: LearningEntry[];
  className?: string;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className="section__title">
        {title}
      </h2>
      <div className="card-grid">
        {entries.map((entry) => (
          <LearningCard
            key={entry.course._id}
            courseId={entry.course._id}
            title={entry.course.title}
            cover={entry.course.cover}
            percent={entry.percent}
            resume={entry.resume}
            to={paths.course(entry.course._id)}
          />
        ))}
      </div>
    </section>
  );
}
