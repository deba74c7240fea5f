// 'Share preview link' under an editor (decision 0051): a course's, tutorial's or post's, and a practice item's.
import { useId, useState } from 'react';
import type { PreviewLink } from '../../../../shared/studio-revisions';
import { showAlert } from '../../../components/alert-banner';
import { makePreviewLink, revokePreviewLinks } from '../api/revisions';
import { formatWhen } from './format-when';
import './published-version.css';

/** 'Share preview link' of the item at `path` (its Studio address): a link anyone may open for 24 hours, and the way
 *  to revoke every such link. */
export function SharePreview({ path }: { path: string }) {
  const [link, setLink] = useState<PreviewLink | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const make = async () => {
    setBusy(true);
    try {
      setLink(await makePreviewLink(path));
    } catch (err) {
      showAlert(err instanceof Error ? err.message : String(err), 'danger');
    } finally {
      setBusy(false);
    }
  };
  const revoke = async () => {
    setBusy(true);
    try {
      await revokePreviewLinks(path);
      setLink(null);
      showAlert('Every preview link of this item stopped working.');
    } catch (err) {
      showAlert(err instanceof Error ? err.message : String(err), 'danger');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="button button--ghost" disabled={busy} onClick={() => void make()}>
        Share preview link
      </button>
      {link && (
        <div className="studio-versions__link">
          <label htmlFor={fieldId}>
            Preview link (works signed out until <time dateTime={link.expiresAt}>{formatWhen(link.expiresAt)}</time>)
          </label>
          <input
            id={fieldId}
            className="input"
            readOnly
            value={link.url}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => void revoke()}>
            Revoke preview links
          </button>
        </div>
      )}
    </>
  );
}
