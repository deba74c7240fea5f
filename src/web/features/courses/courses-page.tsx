// '/course': every course as a card.
import { CardGrid } from '../../components/content-card';
import { QueryView } from '../../components/query-view';
import { useCourses } from './api/get-courses';
import { CourseCard } from './components/course-card';

export default function CoursesPage() {
  const courses = useCourses();
  return (
    <section className="container section">
      <h1 className="page-title">Our Courses</h1>
      <QueryView query={courses} loadingLabel="Loading courses…" what="The courses">
        {(list) => (
          <CardGrid items={list} emptyText="No courses yet.">
            {(course, i) => <CourseCard key={course._id} course={course} eager={i < 3} />}
          </CardGrid>
        )}
      </QueryView>
    </section>
  );
}
