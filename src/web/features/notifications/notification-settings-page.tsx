// '/settings/notifications': for each type of notification, whether it is mailed (off, immediately, or in the
// digest), and how often the digest comes (daily or weekly). Saved with one PUT; the form keeps what was chosen when
// saving fails.
import { type FormEvent, useId, useState } from 'react';
import {
  DIGEST_PERIOD_LABELS,
  DIGEST_PERIODS,
  EMAIL_MODE_LABELS,
  EMAIL_MODES,
  type EmailMode,
  NOTIFICATION_TEXT,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationPreferences,
} from '../../../shared/notifications';
import { patterns } from '../../app/paths';
import { showAlert } from '../../components/alert-banner';
import { QueryView } from '../../components/query-view';
import { useSession } from '../../lib/session';
import { usePreferences, useSavePreferences } from './api';
import { LogInToSee } from './notifications-page';
import './notifications.css';

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const [chosen, setChosen] = useState(saved);
  const save = useSavePreferences();
  const digestName = useId();
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate(chosen, {
      onSuccess: () => showAlert(NOTIFICATION_TEXT.settingsSaved),
      onError: (err) => showAlert(err.message, 'danger'),
    });
  }
  return (
    <form className="notification-settings" onSubmit={submit} aria-label="Notification settings">
      <fieldset className="notification-settings__group">
        <legend>Email for each kind of notification</legend>
        <p className="notification-settings__hint">
          Every notification shows here on the site; this chooses which ones are also mailed to you.
        </p>
        {NOTIFICATION_TYPES.map((type) => (
          <div key={type} className="notification-settings__row">
            <label htmlFor={`${id}-${type}`}>{NOTIFICATION_TYPE_LABELS[type]}</label>
            <select
              id={`${id}-${type}`}
              className="input notification-settings__select"
              value={chosen.types[type]}
              onChange={(event) =>
                setChosen({ ...chosen, types: { ...chosen.types, [type]: event.target.value as EmailMode } })
              }
            >
              {EMAIL_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {EMAIL_MODE_LABELS[mode]}
                </option>
              ))}
            </select>
          </div>
        ))}
      </fieldset>
      <fieldset className="notification-settings__group">
        <legend>How often the digest comes</legend>
        {DIGEST_PERIODS.map((period) => (
          <label key={period} className="notification-settings__choice">
            <input
              type="radio"
              name={digestName}
              value={period}
              checked={chosen.digest === period}
              onChange={() => setChosen({ ...chosen, digest: period })}
            />{' '}
            {DIGEST_PERIOD_LABELS[period]}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button" aria-disabled={save.isPending}>
        Save
      </button>
    </form>
  );
}

export default function NotificationSettingsPage() {
  const { signedIn } = useSession();
  const preferences = usePreferences(signedIn);
  return (
    <div className="container section notifications-page">
      <h1 className="page-title">Notification settings</h1>
      {signedIn ? (
        <QueryView query={preferences} loadingLabel="Loading your settings…" what="Your settings">
          {(saved) => <PreferencesForm saved={saved} />}
        </QueryView>
      ) : (
        <LogInToSee what="your notification settings" from={patterns.notificationSettings} />
      )}
    </div>
  );
}
