// A media address (cover, tutorial image, lesson video, captions): paste a URL or upload a file through
// POST /api/studio/media, with the upload's progress and the server's own words when it refuses (413, 415).
import { useId, useState } from 'react';
import { isMediaUrl } from '../../../../shared/studio-rules';
import { uploadMedia } from '../api/upload-media';
import { FilePicker, type FileKind } from './file-picker';

type MediaKind = FileKind;

const HINT: Record<MediaKind, string> = {
  image: 'Paste an address (https://… or /media/…) or upload a PNG, JPEG, WebP or GIF image of up to 5 MB.',
  video: 'Paste a YouTube, Vimeo or video file link, or upload a WebM or MP4 file of up to 500 MB.',
  captions: 'Optional: a WebVTT (.vtt) captions file of up to 1 MB.',
};

interface MediaFieldProps {
  /** The group's legend: 'Cover image', 'Video', 'Captions'. */
  legend: string;
  kind: MediaKind;
  /** The address; '' for none. */
  value: string;
  onChange: (url: string) => void;
  /** The URL field's label (none for captions, which are only uploaded). */
  urlLabel?: string;
  /** The file field's label. */
  uploadLabel: string;
}

export function MediaField({ legend, kind, value, onChange, urlLabel, uploadLabel }: MediaFieldProps) {
  const urlId = useId();
  const fileId = useId();
  const hintId = useId();
  const [uploading, setUploading] = useState<{ name: string; fraction: number } | null>(null);
  const [message, setMessage] = useState('');
  const invalid = value !== '' && !isMediaUrl(value.trim());

  async function upload(file: File) {
    setMessage('');
    setUploading({ name: file.name, fraction: 0 });
    try {
      const { url } = await uploadMedia(file, (fraction) => setUploading({ name: file.name, fraction }));
      onChange(url);
      setMessage(`Uploaded ${file.name}.`);
    } catch (err) {
      setMessage(`${file.name} was not uploaded: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setUploading(null);
    }
  }

  return (
    <fieldset className="media-field">
      <legend className="media-field__legend">{legend}</legend>
      <p id={hintId} className="studio-hint">
        {HINT[kind]}
      </p>
      {urlLabel && (
        <div className="studio-field">
          <label htmlFor={urlId}>{urlLabel}</label>
          <input
            id={urlId}
            className="input"
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={value}
            aria-describedby={hintId}
            aria-invalid={invalid}
            onChange={(event) => onChange(event.target.value)}
          />
          {invalid && (
            <p className="studio-field__error">
              This is not an http(s) address or an uploaded file&apos;s /media/ path.
            </p>
          )}
        </div>
      )}
      <div className="studio-field">
        <label htmlFor={fileId}>{uploadLabel}</label>
        <FilePicker
          id={fileId}
          kind={kind}
          disabled={uploading !== null}
          describedBy={urlLabel ? undefined : hintId}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so choosing the same file again uploads it again.
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </div>
      <div className="media-field__status" role="status" aria-live="polite">
        {uploading ? (
          <>
            <span>
              Uploading {uploading.name}… {Math.round(uploading.fraction * 100)}%
            </span>
            <progress max={1} value={uploading.fraction} aria-label={`Uploading ${uploading.name}`} />
          </>
        ) : (
          message
        )}
      </div>
      <MediaPreview kind={kind} value={value} legend={legend} onRemove={() => onChange('')} />
    </fieldset>
  );
}

function MediaPreview({
  kind,
  value,
  legend,
  onRemove,
}: {
  kind: MediaKind;
  value: string;
  legend: string;
  onRemove: () => void;
}) {
  if (value === '' || !isMediaUrl(value.trim())) return null;
  if (kind === 'image')
    return <img className="media-field__preview" src={value} alt={`${legend} preview`} loading="lazy" />;
  if (kind === 'video')
    return (
      <p className="media-field__current">
        Current video: <code>{value}</code>
      </p>
    );
  return (
    <div className="media-field__current">
      <span>
        Current captions: <code>{value}</code>
      </span>
      <button type="button" className="button button--ghost button--small" onClick={onRemove}>
        Remove captions
      </button>
    </div>
  );
}
