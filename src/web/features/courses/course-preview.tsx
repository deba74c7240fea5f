// '/preview/course/:courseId' and '/preview/course/:courseId/:lessonId': a draft or unpublished changes of a course
// or a lesson, as their pages will show them (decision 0051).
import { PreviewFrame } from '../../components/preview-frame';
import { useParams } from '../../lib/router';
import CoursePage from './course-page';
import LessonPage from './lesson-page';

export function CoursePreview() {
  const { courseId = '' } = useParams();
  return <PreviewFrame kind="courses" id={courseId} queryKey={['course', courseId]} Page={CoursePage} />;
}

export function LessonPreview() {
  const { courseId = '', lessonId = '' } = useParams();
  return <PreviewFrame kind="lessons" id={lessonId} queryKey={['lesson', courseId, lessonId]} Page={LessonPage} />;
}
