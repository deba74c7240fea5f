// The fields every Studio form repeats: a title, a rich-text body (its visible label is for sighted readers; the
// editor names itself), and the media fields' wording, so a cover or a video reads the same in a dialog and an editor.
import { useId } from 'react';
import { LIMITS } from '../../../../shared/constants';
import { uploadMedia } from '../api/upload-media';
import { AuthoredEditor } from './authored-editor';

export function TitleField({
  label = 'Title',
  value,
  onChange,
  autoComplete,
}: {
  label?: string;
  value: string;
  onChange: (title: string) => void;
  /** 'off' in the create dialogs, where the browser's suggestions only get in the way. */
  autoComplete?: string;
}) {
  const id = useId();
  return (
    <div className="studio-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        required
        maxLength={LIMITS.titleMax}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** Images in authored text go through the media call; the editor gets their URL. */
const uploadImage = async (file: File) => (await uploadMedia(file)).url;

export function RichTextField({
  label,
  value,
  onChange,
  readOnly,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  readOnly: boolean;
}) {
  return (
    <div className="studio-field">
      <span className="studio-field__label" aria-hidden="true">
        {label}
      </span>
      <AuthoredEditor label={label} value={value} onChange={onChange} uploadImage={uploadImage} readOnly={readOnly} />
    </div>
  );
}

/** MediaField's wording for each kind of address: `<MediaField {...MEDIA.cover} value={…} onChange={…} />`. */
export const MEDIA = {
  cover: { legend: 'Cover image', kind: 'image', urlLabel: 'Cover image URL', uploadLabel: 'Upload a cover image' },
  image: { legend: 'Image', kind: 'image', urlLabel: 'Image URL', uploadLabel: 'Upload an image' },
  about: { legend: 'About image', kind: 'image', urlLabel: 'About image URL', uploadLabel: 'Upload an about image' },
  video: { legend: 'Video', kind: 'video', urlLabel: 'Video link', uploadLabel: 'Upload a video' },
  captions: { legend: 'Captions', kind: 'captions', uploadLabel: 'Upload captions (.vtt)' },
} as const;
