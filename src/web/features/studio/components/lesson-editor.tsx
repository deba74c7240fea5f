// One lesson, edited inside its course: title, video (upload or link), captions (optional), description; saved
// as you type with the lesson's own version. Its practice items (exercises and quizzes) follow.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import type { StudioLesson } from '../../../../shared/studio';
import { showAlert } from '../../../components/alert-banner';
import { itemQueryOptions } from '../api/get-item';
import { PracticeSection } from '../practice/practice-section';
import { storeLesson, updateLesson } from '../api/update-lesson';
import { LessonChanges } from './lesson-changes';
import { MediaField } from './media-field';
import { RecoveredChanges } from './recovered-changes';
import { SaveStatus } from './save-status';
import { MEDIA, RichTextField, TitleField } from './studio-fields';
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
  coursePublished,
  readOnly = false,
}: {
  courseId: string;
  lesson: StudioLesson;
  coursePublished: boolean;
  readOnly?: boolean;
}) {
  const queryClient = useQueryClient();
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
  const { draft, state, error, recovered, unsaved, autosave } = useAutosave(server, save);
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
      <LessonChanges
        lesson={lesson}
        coursePublished={coursePublished}
        unsaved={unsaved}
        autosave={autosave}
        readOnly={readOnly}
      />
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
      <TitleField label="Lesson title" value={draft.title} onChange={(title) => autosave.set('title', title)} />
      <MediaField {...MEDIA.video} value={draft.link} onChange={(url) => autosave.set('link', url)} />
      <MediaField {...MEDIA.captions} value={draft.captions} onChange={(url) => autosave.set('captions', url)} />
      <RichTextField
        label="Lesson description"
        value={draft.description}
        onChange={(html) => autosave.set('description', html)}
        readOnly={readOnly}
      />
      <PracticeSection owner={{ kind: 'lessons', id: lesson._id }} noun="lesson" headingLevel={4} readOnly={readOnly} />
    </section>
  );
}
