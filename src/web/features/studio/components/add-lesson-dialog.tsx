// 'Add lesson': a title and a video (upload or link), then POST; the new lesson opens in its editor.
import { type FormEvent, useId, useState } from 'react';
import { LIMITS } from '../../../../shared/constants';
import type { StudioLesson } from '../../../../shared/studio';
import { isMediaUrl } from '../../../../shared/studio-rules';
import { Modal } from '../../../components/modal';
import { useAddLesson } from '../api/add-lesson';
import { MediaField } from './media-field';

interface AddLessonDialogProps {
  courseId: string;
  onClose: () => void;
  onAdded: (lesson: StudioLesson) => void;
}

export function AddLessonDialog({ courseId, onClose, onAdded }: AddLessonDialogProps) {
  const titleId = useId();
  const [title, setTitle] = useState('');
  const [link, setLink] = useState('');
  const [problem, setProblem] = useState('');
  const add = useAddLesson(courseId);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (title.trim() === '') return setProblem('Give the lesson a title.');
    if (!isMediaUrl(link.trim())) return setProblem('Add the video: upload a file or paste its link.');
    setProblem('');
    add.mutate(
      { title: title.trim(), link: link.trim(), description: '', captions: null },
      { onSuccess: onAdded, onError: (err) => setProblem(err.message) },
    );
  }

  return (
    // No close on a backdrop click: a stray click would throw away an uploaded video's address.
    <Modal title="New lesson" closeLabel="Close dialog" onClose={onClose} className="studio-dialog">
      <form className="studio-form" onSubmit={submit} noValidate>
        <div className="studio-field">
          <label htmlFor={titleId}>Lesson title</label>
          <input
            id={titleId}
            className="input"
            required
            maxLength={LIMITS.titleMax}
            autoComplete="off"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <MediaField
          legend="Video"
          kind="video"
          urlLabel="Video link"
          uploadLabel="Upload a video"
          value={link}
          onChange={setLink}
        />
        <p className="studio-field__error" role="status" aria-live="polite">
          {problem}
        </p>
        <div className="studio-dialog__actions">
          <button type="submit" className="button" disabled={add.isPending}>
            {add.isPending ? 'Creating…' : 'Create lesson'}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
