// '/studio/courses/:courseId': the course (title, description, cover) with autosave, and its lessons: reordered
// with Move up/Move down or by dragging, added, edited and deleted.
import type { StudioCourse } from '../../../shared/studio';
import { paths } from '../../app/paths';
import { useParams } from '../../lib/router';
import { canChange, EditorFrame, ItemEditorScreen, useItemEditor } from './components/item-editor';
import { LessonList } from './components/lesson-list';
import { MediaField } from './components/media-field';
import { MEDIA, RichTextField, TitleField } from './components/studio-fields';

export default function CourseEditorPage() {
  const { courseId = '' } = useParams();
  return (
    <ItemEditorScreen kind="courses" id={courseId} key={courseId}>
      {(course, me) => <CourseEditor course={course} readOnly={!canChange(me, course.author)} />}
    </ItemEditorScreen>
  );
}

const pickCourse = (course: StudioCourse) => ({
  title: course.title,
  description: course.description,
  cover: course.cover,
  status: course.status,
});
const LABELS = { title: 'Title', description: 'Description', cover: 'Cover image' };

function CourseEditor({ course, readOnly }: { course: StudioCourse; readOnly: boolean }) {
  const editor = useItemEditor('courses', course, pickCourse);
  const { draft, autosave } = editor;

  return (
    <EditorFrame
      kind="courses"
      item={course}
      editor={editor}
      readOnly={readOnly}
      viewHref={paths.course(course._id)}
      labels={LABELS}
      htmlFields={['description']}
    >
      <div className="studio-form">
        <TitleField value={draft.title} onChange={(title) => autosave.set('title', title)} />
        <RichTextField
          label="Description"
          value={draft.description}
          onChange={(html) => autosave.set('description', html)}
          readOnly={readOnly}
        />
        <MediaField {...MEDIA.cover} value={draft.cover} onChange={(url) => autosave.set('cover', url)} />
      </div>
      <LessonList course={course} readOnly={readOnly} />
    </EditorFrame>
  );
}
