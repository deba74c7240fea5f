// 'Add lesson': a title and a video (upload or link), then POST; the new lesson opens in its editor.
import { type FormEvent, useState } from 'react';
import type { StudioLesson } from '../../../../shared/studio';
import { isMediaUrl } from '../../../../shared/studio-rules';
import { useAddLesson } from '../api/add-lesson';
import { CreateFormDialog } from './create-form-dialog';
import { MediaField } from './media-field';
import { MEDIA, TitleField } from './studio-fields';

interface AddLessonDialogProps {
  courseId: string;
  onClose: () => void;
  onAdded: (lesson: StudioLesson) => void;
}

export function AddLessonDialog({ courseId, onClose, onAdded }: AddLessonDialogProps) {
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
    <CreateFormDialog
      title="New lesson"
      submitLabel="Create lesson"
      pending={add.isPending}
      problem={problem}
      onSubmit={submit}
      onClose={onClose}
    >
      <TitleField label="Lesson title" autoComplete="off" value={title} onChange={setTitle} />
      <MediaField {...MEDIA.video} value={link} onChange={setLink} />
    </CreateFormDialog>
  );
}
