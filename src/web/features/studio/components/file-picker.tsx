// A file field the Studio styles as one of its buttons, with the accepted types and the size limit said right beside
// it (and read with it). The native input stays: its keyboard use, its label and its file name are the browser's own.
import type { ChangeEvent } from 'react';
import { useId } from 'react';
import './file-picker.css';

/** What each upload accepts, as the server checks it (its content, not its name) and says it next to the field. */
export const FILE_TYPES = {
  image: { accept: 'image/png,image/jpeg,image/webp,image/gif', note: 'PNG, JPEG, WebP or GIF · up to 5 MB' },
  video: { accept: 'video/webm,video/mp4', note: 'WebM or MP4 · up to 500 MB' },
  captions: { accept: '.vtt,text/vtt', note: 'WebVTT (.vtt) · up to 1 MB' },
} as const;

export type FileKind = keyof typeof FILE_TYPES;

interface FilePickerProps {
  id: string;
  kind: FileKind;
  disabled?: boolean;
  /** More that describes the field (a hint above it), read after the types and limit. */
  describedBy?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

export function FilePicker({ id, kind, disabled, describedBy, onChange }: FilePickerProps) {
  const noteId = useId();
  return (
    <div className="file-picker">
      <input
        id={id}
        className="file-picker__input"
        type="file"
        accept={FILE_TYPES[kind].accept}
        disabled={disabled}
        aria-describedby={describedBy ? `${noteId} ${describedBy}` : noteId}
        onChange={onChange}
      />
      <span id={noteId} className="file-picker__note">
        {FILE_TYPES[kind].note}
      </span>
    </div>
  );
}
