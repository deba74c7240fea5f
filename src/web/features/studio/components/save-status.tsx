// The autosave's state in words, in a polite live region: 'Saved', 'Saving…', 'Not saved: retrying', and on a
// 409 the conflict with a Reload button.
import type { SaveState } from './autosave';

interface SaveStatusProps {
  state: SaveState;
  error: string | null;
  /** 'course', 'lesson', 'tutorial', 'post'. */
  noun: string;
  onReload: () => void;
  reloading?: boolean;
}

function describe(state: SaveState, error: string | null, noun: string): string {
  switch (state) {
    case 'saved':
      return 'Saved';
    case 'unsaved':
      return 'Unsaved changes';
    case 'saving':
      return 'Saving…';
    case 'retrying':
      return 'Not saved: retrying';
    case 'failed':
      return `Not saved: ${error ?? 'the server refused the change'}`;
    case 'conflict':
      return `Someone else changed this ${noun} while you were editing, so your latest changes were not saved. Reload to get the current version; what you typed is kept below it.`;
  }
}

export function SaveStatus({ state, error, noun, onReload, reloading = false }: SaveStatusProps) {
  return (
    <div className={`save-status save-status--${state}`}>
      <p className="save-status__text" role="status" aria-live="polite">
        {describe(state, error, noun)}
      </p>
      {state === 'conflict' && (
        <button type="button" className="button" disabled={reloading} onClick={onReload}>
          Reload
        </button>
      )}
    </div>
  );
}
