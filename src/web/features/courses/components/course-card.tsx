// One course as a card: cover, title, 90-character excerpt, 'Start watching!' (SPEC §2). Used by /course and home.
import type { Course } from '../../../../shared/contract';
import { EXCERPT } from '../../../../shared/constants';
import { paths } from '../../../app/paths';
import { ContentCard } from '../../../components/content-card';
import { excerpt } from '../../../lib/format';

interface CourseCardProps {
  course: Course;
  headingLevel?: 2 | 3;
  eager?: boolean;
}

export function CourseCard({ course, headingLevel, eager }: CourseCardProps) {
  return (
    <ContentCard
      to={paths.course(course._id)}
      image={course.cover}
      title={course.title}
      text={excerpt(course.description, EXCERPT.course)}
      linkLabel="Start watching!"
      headingLevel={headingLevel}
      eager={eager}
    />
  );
}
