// 'New course' / 'New tutorial' / 'New post': the fields a new item needs (a title; a cover or an image), then a
// POST as a draft and on to its editor for the rest.
import { type FormEvent, useState } from 'react';
import { isMediaUrl } from '../../../../shared/studio-rules';
import { paths } from '../../../app/paths';
import { useNavigate } from '../../../lib/router';
import { useCreateItem } from '../api/create-item';
import { NOUN, type StudioKind } from '../api/studio-kinds';
import { CreateFormDialog } from './create-form-dialog';
import { MediaField } from './media-field';
import { MEDIA, TitleField } from './studio-fields';

export const editorPath = (kind: StudioKind, id: string) =>
  kind === 'courses' ? paths.studioCourse(id) : kind === 'tutorials' ? paths.studioTutorial(id) : paths.studioBlog(id);

export function CreateItemDialog({ kind, onClose }: { kind: StudioKind; onClose: () => void }) {
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [image, setImage] = useState('');
  const [problem, setProblem] = useState('');
  const create = useCreateItem(kind);
  const noun = NOUN[kind];
  const needsImage = kind !== 'blogs';

  function submit(event: FormEvent) {
    event.preventDefault();
    const name = title.trim();
    if (name === '') return setProblem(`Give the ${noun} a title.`);
    if (needsImage && !isMediaUrl(image.trim()))
      return setProblem(
        `Add ${kind === 'courses' ? 'a cover image' : 'an image'}: upload a file or paste its address.`,
      );
    setProblem('');
    const onSuccess = (created: { _id: string }) => navigate(editorPath(kind, created._id));
    const onError = (err: Error) => setProblem(err.message);
    // Descriptions and content start empty: the editor is where they are written.
    if (kind === 'courses')
      create.mutate({ title: name, description: '', cover: image.trim(), status: 'draft' }, { onSuccess, onError });
    else if (kind === 'tutorials')
      create.mutate({ title: name, image: image.trim(), content: '', status: 'draft' }, { onSuccess, onError });
    else create.mutate({ title: name, content: '', status: 'draft' }, { onSuccess, onError });
  }

  return (
    <CreateFormDialog
      title={`New ${noun}`}
      submitLabel={`Create ${noun}`}
      pending={create.isPending}
      problem={problem}
      onSubmit={submit}
      onClose={onClose}
    >
      <TitleField autoComplete="off" value={title} onChange={setTitle} />
      {needsImage && (
        <MediaField {...(kind === 'courses' ? MEDIA.cover : MEDIA.image)} value={image} onChange={setImage} />
      )}
    </CreateFormDialog>
  );
}
