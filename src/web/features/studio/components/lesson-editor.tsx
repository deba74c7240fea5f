// One lesson, edited inside its course: title, video (upload or link), captions (optional), description; saved
// as you type with the lesson's own version.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { LIMITS } from '../../../../shared/constants';
import type { StudioLesson } from '../../../../shared/studio';
import { showAlert } from '../../../components/alert-banner';
import { itemQueryOptions } from '../api/get-item';
import { storeLesson, updateLesson } from '../api/update-lesson';
import { AuthoredEditor } from './authored-editor';
import { uploadImage } from './item-editor';
import { MediaField } from './media-field';
import { RecoveredChanges } from './recovered-changes';
import { SaveStatus } from './save-status';
import { useAutosave } from './use-autosave';

// Captions are null when there are none; the form holds '' for that.
const pickLesson = (lesson: StudioLesson) => ({
  title: lesson.title,
  link: lesson.link,
  description: lesson.description,
  captions: lesson.captions ?? '',
});
const LABELS = { title: 'Lesson title', link: 'Video', description: 'Lesson description', captions: 'Captions' };

export function LessonEditor({
  courseId,
  lesson,
  readOnly = false,
}: {
  courseId: string;
  lesson: StudioLesson;
  readOnly?: boolean;
}) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const headingId = useId();
  const server = useMemo(() => ({ version: lesson.version, fields: pickLesson(lesson) }), [lesson]);
  const save = useCallback(
    async ({ captions, ...patch }: Partial<ReturnType<typeof pickLesson>> & { version: number }) => {
      const saved = await updateLesson(lesson._id, {
        ...patch,
        ...(captions === undefined ? {} : { captions: captions === '' ? null : captions }),
      });
      storeLesson(queryClient, saved);
      return { version: saved.version, fields: pickLesson(saved) };
    },
    [lesson._id, queryClient],
  );
  const { draft, state, error, recovered, autosave } = useAutosave(server, save);
  const [reloading, setReloading] = useState(false);

  async function reload() {
    setReloading(true);
    try {
      const course = await queryClient.fetchQuery({ ...itemQueryOptions('courses', courseId), staleTime: 0 });
      const fresh = course.lessons.find((l) => l._id === lesson._id);
      if (fresh) autosave.reload({ version: fresh.version, fields: pickLesson(fresh) });
      else showAlert('This lesson has been deleted.', 'danger');
    } catch (err) {
      showAlert(err instanceof Error ? err.message : String(err), 'danger');
    } finally {
      setReloading(false);
    }
  }

  return (
    <section className="lesson-editor" aria-labelledby={headingId}>
      <h3 id={headingId} className="lesson-editor__title">
        Edit lesson
      </h3>
      <SaveStatus state={state} error={error} noun="lesson" onReload={() => void reload()} reloading={reloading} />
      {recovered && (
        <RecoveredChanges
          recovered={recovered}
          labels={LABELS}
          htmlFields={['description']}
          headingLevel={3}
          onRestore={(field) => autosave.restore(field)}
          onDismiss={() => autosave.dismissRecovered()}
        />
      )}
      <div className="studio-field">
        <label htmlFor={titleId}>Lesson title</label>
        <input
          id={titleId}
          className="input"
          required
          maxLength={LIMITS.titleMax}
          value={draft.title}
          onChange={(event) => autosave.set('title', event.target.value)}
        />
      </div>
      <MediaField
        legend="Video"
        kind="video"
        urlLabel="Video link"
        uploadLabel="Upload a video"
        value={draft.link}
        onChange={(url) => autosave.set('link', url)}
      />
      <MediaField
        legend="Captions"
        kind="captions"
        uploadLabel="Upload captions (.vtt)"
        value={draft.captions}
        onChange={(url) => autosave.set('captions', url)}
      />
      <div className="studio-field">
        <span className="studio-field__label" aria-hidden="true">
          Lesson description
        </span>
        <AuthoredEditor
          label="Lesson description"
          value={draft.description}
          onChange={(html) => autosave.set('description', html)}
          uploadImage={uploadImage}
          readOnly={readOnly}
        />
      </div>
    </section>
  );
}
