// 'New course' / 'New tutorial' / 'New post': the fields a new item needs (a title; a cover or an image), then a
// POST as a draft and on to its editor for the rest.
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '../../../../shared/constants';
import { isMediaUrl } from '../../../../shared/studio-rules';
import { paths } from '../../../app/paths';
import { Modal } from '../../../components/modal';
import { useCreateItem } from '../api/create-item';
import { NOUN, type StudioKind } from '../api/studio-kinds';
import { MediaField } from './media-field';

export const editorPath = (kind: StudioKind, id: string) =>
  kind === 'courses' ? paths.studioCourse(id) : kind === 'tutorials' ? paths.studioTutorial(id) : paths.studioBlog(id);

export function CreateItemDialog({ kind, onClose }: { kind: StudioKind; onClose: () => void }) {
  const titleId = useId();
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
    const onSuccess = (created: { _id: string }) => void navigate(editorPath(kind, created._id));
    const onError = (err: Error) => setProblem(err.message);
    // Descriptions and content start empty: the editor is where they are written.
    if (kind === 'courses')
      create.mutate({ title: name, description: '', cover: image.trim(), status: 'draft' }, { onSuccess, onError });
    else if (kind === 'tutorials')
      create.mutate({ title: name, image: image.trim(), content: '', status: 'draft' }, { onSuccess, onError });
    else create.mutate({ title: name, content: '', status: 'draft' }, { onSuccess, onError });
  }

  return (
    <Modal title={`New ${noun}`} closeLabel="Close dialog" onClose={onClose} className="studio-dialog">
      <form className="studio-form" onSubmit={submit} noValidate>
        <div className="studio-field">
          <label htmlFor={titleId}>Title</label>
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
        {kind === 'courses' && (
          <MediaField
            legend="Cover image"
            kind="image"
            urlLabel="Cover image URL"
            uploadLabel="Upload a cover image"
            value={image}
            onChange={setImage}
          />
        )}
        {kind === 'tutorials' && (
          <MediaField
            legend="Image"
            kind="image"
            urlLabel="Image URL"
            uploadLabel="Upload an image"
            value={image}
            onChange={setImage}
          />
        )}
        <p className="studio-field__error" role="status" aria-live="polite">
          {problem}
        </p>
        <div className="studio-dialog__actions">
          <button type="submit" className="button" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : `Create ${noun}`}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
