// Inside a lesson of a published course: its edits wait in its own working copy until its Update (decision 0051), so
// the lesson says so, with Update and Discard changes (asked first) and a preview of the lesson page. A lesson added
// to the published course is a draft readers do not see until 'Publish lesson'.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StudioLesson } from '../../../../shared/studio';
import { paths } from '../../../app/paths';
import { showAlert } from '../../../components/alert-banner';
import { api } from '../../../lib/api';
import { Link } from '../../../lib/router';
import { lessonPath, storeLesson } from '../api/update-lesson';
import { ConfirmDialog } from './confirm-dialog';
import './published-version.css';

export function LessonChanges({
  lesson,
  coursePublished,
  unsaved,
  autosave,
  readOnly,
}: {
  lesson: StudioLesson;
  coursePublished: boolean;
  unsaved: boolean;
  autosave: { flush(): Promise<boolean> };
  readOnly: boolean;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const run = async (what: 'update' | 'discard', done: string) => {
    setBusy(true);
    try {
      if (!(await autosave.flush())) throw new Error('Your latest changes are not saved yet: see the save status.');
      const saved = await api<StudioLesson>(`${lessonPath(lesson._id)}/${what}`, { method: 'POST', auth: true });
      storeLesson(queryClient, saved);
      showAlert(done);
    } catch (err) {
      showAlert(err instanceof Error ? err.message : String(err), 'danger');
    } finally {
      setBusy(false);
    }
  };
  // A draft course's lessons are published with the course.
  if (!lesson.published && !coursePublished) return null;
  const draft = !lesson.published;
  return (
    <div className="studio-versions">
      <p className="studio-versions__state" role="status">
        {draft
          ? 'Draft · readers do not see this lesson yet'
          : unsaved
            ? 'Published · unsaved changes'
            : lesson.hasChanges
              ? 'Changes not yet published'
              : 'Published · readers see this version'}
      </p>
      <div className="studio-editor__actions">
        {!readOnly && draft && (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void run('update', 'Published: readers can see this lesson.')}
          >
            Publish lesson
          </button>
        )}
        {!readOnly && !draft && (
          <>
            <button
              type="button"
              className="button"
              disabled={busy || !(lesson.hasChanges || unsaved)}
              onClick={() => void run('update', 'Updated: readers now see your changes to this lesson.')}
            >
              Update lesson
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={busy || !lesson.hasChanges}
              onClick={() => setAsking(true)}
            >
              Discard lesson changes
            </button>
          </>
        )}
        <Link className="studio-editor__view" to={paths.previewLesson(lesson.courseId, lesson._id)}>
          Preview lesson
        </Link>
      </div>
      {asking && (
        <ConfirmDialog
          title="Discard the lesson's changes?"
          confirmLabel="Discard changes"
          busy={busy}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void run('discard', 'Discarded: the lesson is back to its published version.');
          }}
        >
          <p>
            The lesson&apos;s changes not yet published will be lost; readers keep seeing “{lesson.published?.title}”.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
