// '/course/:courseId': cover, title, description and the lesson list.
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths';
import { ChevronRightIcon } from '../../components/page-icons';
import { QueryView } from '../../components/query-view';
import { RichHtml } from '../../components/rich-html';
import { useCourse } from './api/get-course';
import './courses.css';

export default function CoursePage() {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  return (
    <QueryView query={course} loadingLabel="Loading the course…" what="The course">
      {(data) => (
        <div className="container course-layout">
          <article className="course-main">
            <img
              className="course-cover"
              src={data.cover}
              alt={`Cover of ${data.title}`}
              width="960"
              height="540"
              fetchPriority="high"
            />
            <h1 className="page-title">Course on: {data.title}</h1>
            {data.lessonlist.length > 0 && (
              <p>
                <Link className="button" to={paths.lesson(courseId, data.lessonlist[0]._id)}>
                  Start the first lesson <ChevronRightIcon width="18" height="18" />
                </Link>
              </p>
            )}
            <RichHtml html={data.description} />
          </article>
          <aside className="course-aside" aria-labelledby="course-lessons">
            <h2 id="course-lessons" className="course-aside__title">
              Lessons
            </h2>
            {data.lessonlist.length === 0 ? (
              <p>No lessons yet.</p>
            ) : (
              <ol className="lesson-list">
                {data.lessonlist.map((lesson, i) => (
                  <li key={lesson._id}>
                    <Link className="lesson-list__link" to={paths.lesson(courseId, lesson._id)}>
                      <span className="lesson-list__number" aria-hidden="true">
                        {i + 1}
                      </span>
                      <span className="lesson-list__title">{lesson.title}</span>
                      <ChevronRightIcon width="18" height="18" />
                    </Link>
                  </li>
                ))}
              </ol>
            )}
          </aside>
        </div>
      )}
    </QueryView>
  );
}
