// '/course': every course as a card.
import { EXCERPT } from '../../../shared/constants';
import { paths } from '../../app/paths';
import { CardGrid, ContentCard } from '../../components/content-card';
import { QueryView } from '../../components/query-view';
import { excerpt } from '../../lib/format';
import { useCourses } from './api/get-courses';

export default function CoursesPage() {
  const courses = useCourses();
  return (
    <section className="container section">
      <h1 className="page-title">Our Courses</h1>
      <QueryView query={courses} loadingLabel="Loading courses…">
        {(list) => (
          <CardGrid items={list} emptyText="No courses yet.">
            {(course, i) => (
              <ContentCard
                key={course._id}
                to={paths.course(course._id)}
                image={course.cover}
                title={course.title}
                text={excerpt(course.description, EXCERPT.course)}
                eager={i < 3}
                linkLabel="Start watching!"
              />
            )}
          </CardGrid>
        )}
      </QueryView>
    </section>
  );
}
