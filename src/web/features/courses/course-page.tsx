// '/course/:courseId': cover, title, description and the lesson list; a signed-in learner's progress and practice.
import { paths } from '../../app/paths';
import { ChevronRightIcon } from '../../components/page-icons';
import { QueryView } from '../../components/query-view';
import { RichHtml } from '../../components/rich-html';
import { formatLength } from '../../lib/lengths';
import { lessonLength } from './lesson-length';
import { Link, useParams } from '../../lib/router';
import { CourseProgress, LessonMarkLabel, useLearnerCourse } from '../learning';
import { PracticeCountLabel } from '../practice';
import type { CourseWithLessons } from '../../../shared/contract';
import { useCourse } from './api/get-course';
import './courses.css';

export default function CoursePage() {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  return (
    <QueryView query={course} loadingLabel="Loading the course…" what="The course">
      {(data) => <CourseView courseId={courseId} data={data} />}
    </QueryView>
  );
}

function CourseView({ courseId, data }: { courseId: string; data: CourseWithLessons }) {
  const learner = useLearnerCourse(courseId, data.lessonlist);
  const total = data.lessonlist.reduce((sum, lesson) => sum + (lessonLength(lesson).seconds ?? 0), 0);
  const count = data.lessonlist.length;
  return (
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
        <p className="course-length">
          {count} {count === 1 ? 'lesson' : 'lessons'}
          {total > 0 && ` · ${formatLength(total)}`}
        </p>
        {count > 0 && (
          <CourseProgress
            courseId={courseId}
            percent={learner?.percent ?? 0}
            resume={learner?.resume ?? null}
            started={learner?.started ?? false}
            firstLessonId={data.lessonlist[0]._id}
          />
        )}
        {learner?.practice && learner.practice.total > 0 && (
          <p className="course-practice">
            <PracticeCountLabel count={learner.practice} />
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
            {data.lessonlist.map((lesson, i) => {
              const length = lessonLength(lesson);
              return (
                <li key={lesson._id}>
                  <Link className="lesson-list__link" to={paths.lesson(courseId, lesson._id)}>
                    <span className="lesson-list__number" aria-hidden="true">
                      {i + 1}
                    </span>
                    <span className="lesson-list__text">
                      <span className="lesson-list__title">{lesson.title}</span>
                      <span className="lesson-list__kind">
                        <span className="visually-hidden">, </span>
                        {length.kind === 'video' ? 'Video' : 'Reading'}
                        {length.seconds !== null && ` · ${formatLength(length.seconds)}`}
                      </span>
                    </span>
                    {learner?.lessonPractice[lesson._id] && (
                      <PracticeCountLabel count={learner.lessonPractice[lesson._id]} />
                    )}
                    {learner?.marks[lesson._id] && <LessonMarkLabel {...learner.marks[lesson._id]} />}
                    <ChevronRightIcon width="18" height="18" />
                  </Link>
                </li>
              );
            })}
          </ol>
        )}
      </aside>
    </div>
  );
}
