// A bug page's 'Watch' / 'Stop watching' (signed in): a watcher is told of every new solution. Asking a bug or
// answering it watches it already.
import { NOTIFICATION_TEXT } from '../../../shared/notifications';
import { showAlert } from '../../components/alert-banner';
import { useSession } from '../../lib/session';
import { useSetWatching, useWatching } from './api';

export function WatchButton({ bugId }: { bugId: string }) {
  const { signedIn } = useSession();
  const state = useWatching(bugId, signedIn);
  const setWatching = useSetWatching(bugId);
  if (!signedIn || !state.data) return null;
  const { watching } = state.data;
  return (
    <button
      type="button"
      className="button button--ghost watch-button"
      aria-disabled={setWatching.isPending}
      onClick={() =>
        !setWatching.isPending &&
        setWatching.mutate(!watching, {
          onSuccess: (now) => showAlert(now.watching ? 'You are watching this bug' : 'You stopped watching this bug'),
          onError: (err) => showAlert(err.message, 'danger'),
        })
      }
    >
      {watching ? NOTIFICATION_TEXT.stopWatching : NOTIFICATION_TEXT.watch}
    </button>
  );
}
