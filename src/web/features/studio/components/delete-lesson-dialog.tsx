// Deleting a lesson from the Studio's lesson list: 'Delete this lesson?' and, once confirmed, DELETE; a refusal
// shows in the site's alert. The hook lives in the list, so the answer is handled even when the dialog is closed
// while the call is under way.
import { useState } from 'react';
import type { StudioLesson } from '../../../../shared/studio';
import { showAlert } from '../../../components/alert-banner';
import { useDeleteLesson } from '../api/delete-lesson';
import { ConfirmDialog } from './confirm-dialog';

export function useDeleteLessonDialog(courseId: string, onDeleted: (lesson: StudioLesson) => void) {
  const remove = useDeleteLesson(courseId);
  const [deleting, setDeleting] = useState<StudioLesson | null>(null);
  const dialog = deleting && (
    <ConfirmDialog
      title="Delete this lesson?"
      confirmLabel="Delete"
      busy={remove.isPending}
      onCancel={() => setDeleting(null)}
      onConfirm={() =>
        remove.mutate(deleting._id, {
          onSuccess: () => {
            onDeleted(deleting);
            setDeleting(null);
          },
          onError: (err) => {
            setDeleting(null);
            showAlert(err.message, 'danger');
          },
        })
      }
    >
      <p>“{deleting.title}” will be deleted with its comments. This cannot be undone.</p>
    </ConfirmDialog>
  );
  return { ask: setDeleting, dialog };
}
