// '/studio/courses/:courseId': the course (title, description, cover) with autosave, and its lessons: reordered
// with Move up/Move down or by dragging, added, edited and deleted.
import { useId } from 'react';
import { useParams } from 'react-router';
import { LIMITS } from '../../../shared/constants';
import type { StudioCourse } from '../../../shared/studio';
import { paths } from '../../app/paths';
import { AuthoredEditor } from './components/authored-editor';
import {
  canChange,
  DeleteItem,
  EditorHead,
  ItemEditorScreen,
  ReadOnlyNotice,
  uploadImage,
  useItemEditor,
} from './components/item-editor';
import { LessonList } from './components/lesson-list';
import { MediaField } from './components/media-field';
import { RecoveredChanges } from './components/recovered-changes';

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
  const titleId = useId();
  const editor = useItemEditor('courses', course, pickCourse);
  const { draft, saved, autosave } = editor;

  return (
    <article className="studio-editor">
      <EditorHead
        kind="courses"
        status={saved.status}
        state={editor.state}
        error={editor.error}
        reloading={editor.reloading}
        onPublish={(next) => void editor.publish(next)}
        onReload={() => void editor.reload()}
        readOnly={readOnly}
        viewHref={paths.course(course._id)}
      />
      {editor.recovered && (
        <RecoveredChanges
          recovered={editor.recovered}
          labels={LABELS}
          htmlFields={['description']}
          onRestore={(field) => autosave.restore(field)}
          onDismiss={() => autosave.dismissRecovered()}
        />
      )}
      {readOnly && <ReadOnlyNotice kind="courses" author={course.author} />}
      <fieldset className="studio-fieldset" disabled={readOnly}>
        <div className="studio-form">
          <div className="studio-field">
            <label htmlFor={titleId}>Title</label>
            <input
              id={titleId}
              className="input"
              required
              maxLength={LIMITS.titleMax}
              value={draft.title}
              onChange={(event) => autosave.set('title', event.target.value)}
            />
          </div>
          <div className="studio-field">
            <span className="studio-field__label" aria-hidden="true">
              Description
            </span>
            <AuthoredEditor
              label="Description"
              value={draft.description}
              onChange={(html) => autosave.set('description', html)}
              uploadImage={uploadImage}
              readOnly={readOnly}
            />
          </div>
          <MediaField
            legend="Cover image"
            kind="image"
            urlLabel="Cover image URL"
            uploadLabel="Upload a cover image"
            value={draft.cover}
            onChange={(url) => autosave.set('cover', url)}
          />
        </div>
        <LessonList course={course} readOnly={readOnly} />
        <DeleteItem kind="courses" id={course._id} title={saved.title} />
      </fieldset>
    </article>
  );
}
