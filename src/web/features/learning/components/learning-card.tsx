// A course the learner has started: cover, title, bar and resume link ('Continue learning', '/learning').
import { Link } from 'react-router';
import type { ResumePoint } from '../../../../shared/progress';
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
