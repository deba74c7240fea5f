// '/settings' (signed in): the person's own account. Profile (name, bio, public profile), password, email, the
// signed-in sessions, 'Download your data', and deleting the account. Each section is its own form: a failure keeps
// what was typed and says why beside the field or under the form; success says so in the alert.
import { type ReactNode, useId, useState } from 'react';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MSG,
  ACCOUNT_TEXT,
  DELETE_CONFIRMATION,
  type MyAccount,
  profilePath,
} from '../../../shared/account';
import { LIMITS, TEXT } from '../../../shared/constants';
import { paths, patterns } from '../../app/paths';
import { showAlert } from '../../components/alert-banner';
import { QueryView } from '../../components/query-view';
import { formatDateTime } from '../../lib/format';
import { Link, useNavigate } from '../../lib/router';
import { useEndSession } from '../../lib/end-session';
import { useSession } from '../../lib/session';
import {
  commonPasswordProblem,
  emailProblem,
  Field,
  FormProblem,
  nameProblem,
  passwordProblem,
  useFieldErrors,
  useFormSubmit,
} from '../auth';
import {
  downloadMyData,
  useChangeEmail,
  useChangePassword,
  useDeleteAccount,
  useMyAccount,
  useMySessions,
  useRevokeOtherSessions,
  useRevokeSession,
  useUpdateMyAccount,
} from './api';
import './account.css';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="settings-section" aria-labelledby={id}>
      <h2 id={id} className="settings-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ProfileForm({ me }: { me: MyAccount }) {
  const [name, setName] = useState(me.name);
  const [bio, setBio] = useState(me.bio);
  const [profilePublic, setProfilePublic] = useState(me.profilePublic);
  const update = useUpdateMyAccount();
  const { errors, formRef, check } = useFieldErrors<'name'>();
  const bioId = useId();
  const publicId = useId();
  const { busy, problem, onSubmit } = useFormSubmit(async () => {
    if (!check({ name: nameProblem(name) })) return;
    await update.mutateAsync({ name: name.trim(), bio, profilePublic });
    showAlert(ACCOUNT_MSG.profileSaved);
  });
  return (
    <form ref={formRef} className="settings-form" onSubmit={onSubmit} noValidate aria-label={ACCOUNT_TEXT.profile}>
      <Field
        label="Name"
        name="name"
        autoComplete="name"
        maxLength={LIMITS.nameMax}
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="auth__field">
        <label htmlFor={bioId}>{ACCOUNT_TEXT.bio}</label>
        <textarea
          id={bioId}
          className="input settings-form__bio"
          maxLength={ACCOUNT_LIMITS.bioMax}
          rows={3}
          value={bio}
          aria-describedby={`${bioId}-count`}
          onChange={(event) => setBio(event.target.value)}
        />
        <p id={`${bioId}-count`} className="settings-form__hint">
          {bio.length} of {ACCOUNT_LIMITS.bioMax} characters
        </p>
      </div>
      <div className="settings-form__check">
        <input
          id={publicId}
          type="checkbox"
          checked={profilePublic}
          onChange={(event) => setProfilePublic(event.target.checked)}
        />
        <label htmlFor={publicId}>{ACCOUNT_TEXT.publicProfile}</label>
      </div>
      <p className="settings-form__hint">
        {me.profilePublic ? (
          <>
            Your profile is public: <Link to={profilePath(me._id)}>see it as others do</Link>.
          </>
        ) : (
          'Your profile is private: only you see your name on what you wrote, without a link to a profile.'
        )}
      </p>
      <FormProblem text={problem} />
      <button type="submit" className="button" aria-disabled={busy}>
        Save profile
      </button>
    </form>
  );
}

function PasswordForm() {
  const [currentPassword, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const change = useChangePassword();
  const { errors, formRef, check } = useFieldErrors<'current' | 'password' | 'repeat'>();
  const { busy, problem, onSubmit } = useFormSubmit(async () => {
    const mismatch = repeat !== password;
    const ok = check({
      current: currentPassword === '' ? 'Enter your current password.' : undefined,
      password: passwordProblem(password),
      repeat: mismatch ? TEXT.passwordMismatch : undefined,
    });
    if (!ok) return;
    const common = await commonPasswordProblem(password);
    if (common) {
      check({ password: common });
      return;
    }
    const { msg } = await change.mutateAsync({ currentPassword, password });
    showAlert(msg);
    setCurrent('');
    setPassword('');
    setRepeat('');
  });
  return (
    <form ref={formRef} className="settings-form" onSubmit={onSubmit} noValidate aria-label={ACCOUNT_TEXT.password}>
      <Field
        label={ACCOUNT_TEXT.currentPassword}
        type="password"
        name="current-password"
        autoComplete="current-password"
        maxLength={LIMITS.passwordMax}
        value={currentPassword}
        error={errors.current}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <Field
        label={ACCOUNT_TEXT.newPassword}
        type="password"
        name="new-password"
        autoComplete="new-password"
        maxLength={LIMITS.passwordMax}
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Field
        label={ACCOUNT_TEXT.repeatPassword}
        type="password"
        name="repeat-password"
        autoComplete="new-password"
        maxLength={LIMITS.passwordMax}
        value={repeat}
        error={errors.repeat}
        onChange={(event) => setRepeat(event.target.value)}
      />
      <FormProblem text={problem} />
      <button type="submit" className="button" aria-disabled={busy}>
        Change password
      </button>
    </form>
  );
}

function EmailForm({ me }: { me: MyAccount }) {
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrent] = useState('');
  const change = useChangeEmail();
  const { errors, formRef, check } = useFieldErrors<'email' | 'current'>();
  const { busy, problem, onSubmit } = useFormSubmit(async () => {
    const ok = check({
      email: emailProblem(email),
      current: currentPassword === '' ? 'Enter your current password.' : undefined,
    });
    if (!ok) return;
    const { msg } = await change.mutateAsync({ email: email.trim(), currentPassword });
    showAlert(msg);
    setCurrent('');
  });
  return (
    <form ref={formRef} className="settings-form" onSubmit={onSubmit} noValidate aria-label={ACCOUNT_TEXT.email}>
      <p>
        Your address: <strong>{me.email}</strong>
      </p>
      {me.pendingEmail && <p className="settings-form__pending">{ACCOUNT_TEXT.pendingEmail(me.pendingEmail)}</p>}
      <Field
        label={ACCOUNT_TEXT.newEmail}
        type="email"
        name="email"
        autoComplete="email"
        maxLength={LIMITS.emailMax}
        value={email}
        error={errors.email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Field
        label={ACCOUNT_TEXT.currentPassword}
        type="password"
        name="email-current-password"
        autoComplete="current-password"
        maxLength={LIMITS.passwordMax}
        value={currentPassword}
        error={errors.current}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <FormProblem text={problem} />
      <button type="submit" className="button" aria-disabled={busy}>
        Change email
      </button>
    </form>
  );
}

function Sessions() {
  const sessions = useMySessions(true);
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const fail = (err: Error) => showAlert(err.message, 'danger');
  return (
    <QueryView query={sessions} loadingLabel="Loading your sessions…" what="Your sessions" section>
      {({ sessions: list }) => (
        <>
          <ul className="session-list" aria-label="Your signed-in sessions">
            {list.map((session) => (
              <li key={session._id} className="session-list__item">
                <div>
                  <strong>
                    {session.browser} on {session.os}
                  </strong>
                  {session.current && <span className="session-list__current"> · {ACCOUNT_TEXT.thisSession}</span>}
                  <p className="settings-form__hint">
                    Signed in <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>, last used{' '}
                    <time dateTime={session.lastUsedAt}>{formatDateTime(session.lastUsedAt)}</time>
                  </p>
                </div>
                {!session.current && (
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-label={`${ACCOUNT_TEXT.signOut}: ${session.browser} on ${session.os}`}
                    aria-disabled={revoke.isPending}
                    onClick={() =>
                      !revoke.isPending &&
                      revoke.mutate(session._id, {
                        onSuccess: () => showAlert('That session was signed out'),
                        onError: fail,
                      })
                    }
                  >
                    {ACCOUNT_TEXT.signOut}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {list.length > 1 && (
            <button
              type="button"
              className="button button--ghost"
              aria-disabled={revokeOthers.isPending}
              onClick={() =>
                !revokeOthers.isPending &&
                revokeOthers.mutate(undefined, {
                  onSuccess: ({ revoked }) =>
                    showAlert(
                      revoked === 1 ? '1 other session was signed out' : `${revoked} other sessions were signed out`,
                    ),
                  onError: fail,
                })
              }
            >
              {ACCOUNT_TEXT.signOutOthers}
            </button>
          )}
        </>
      )}
    </QueryView>
  );
}

function DownloadData() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { blob, name } = await downloadMyData();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      showAlert(err instanceof Error ? err.message : String(err), 'danger');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <p>One JSON file of everything your account holds and everything you wrote.</p>
      <button type="button" className="button button--ghost" aria-disabled={busy} onClick={() => void download()}>
        {busy ? 'Preparing…' : ACCOUNT_TEXT.downloadData}
      </button>
    </>
  );
}

function DeleteAccountForm() {
  const [currentPassword, setCurrent] = useState('');
  const [deleteContent, setDeleteContent] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const endSession = useEndSession();
  const navigate = useNavigate();
  const contentId = useId();
  const { errors, formRef, check } = useFieldErrors<'current' | 'typed'>();
  const { busy, problem, onSubmit } = useFormSubmit(async () => {
    const ok = check({
      current: currentPassword === '' ? 'Enter your current password.' : undefined,
      typed: typed.trim().toLowerCase() === DELETE_CONFIRMATION ? undefined : `Type “${DELETE_CONFIRMATION}”.`,
    });
    if (!ok) return;
    await remove.mutateAsync({ currentPassword, deleteContent });
    endSession();
    navigate(paths.home());
    showAlert('Your account was deleted');
  });
  return (
    <form
      ref={formRef}
      className="settings-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={ACCOUNT_TEXT.deleteAccount}
    >
      <p>
        Your name, email, password, sessions and learning progress are removed at once, and your certificates stop
        verifying. What you wrote stays, shown as written by ‘{ACCOUNT_MSG.unknownAuthor}’, unless you choose to delete
        it too. This cannot be undone.
      </p>
      <Field
        label={ACCOUNT_TEXT.currentPassword}
        type="password"
        name="delete-current-password"
        autoComplete="current-password"
        maxLength={LIMITS.passwordMax}
        value={currentPassword}
        error={errors.current}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <div className="settings-form__check">
        <input
          id={contentId}
          type="checkbox"
          checked={deleteContent}
          onChange={(event) => setDeleteContent(event.target.checked)}
        />
        <label htmlFor={contentId}>{ACCOUNT_TEXT.deleteContent}</label>
      </div>
      <Field
        label={ACCOUNT_TEXT.typeToConfirm}
        name="confirm-delete"
        autoComplete="off"
        value={typed}
        error={errors.typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <FormProblem text={problem} />
      <button type="submit" className="button settings-form__delete" aria-disabled={busy}>
        {ACCOUNT_TEXT.deleteAccount}
      </button>
    </form>
  );
}

function Settings() {
  const me = useMyAccount(true);
  return (
    <QueryView query={me} loadingLabel="Loading your account…" what="Your account">
      {(account) => (
        <>
          <Section title={ACCOUNT_TEXT.profile}>
            <ProfileForm me={account} />
          </Section>
          <Section title={ACCOUNT_TEXT.password}>
            <PasswordForm />
          </Section>
          <Section title={ACCOUNT_TEXT.email}>
            <EmailForm me={account} />
          </Section>
          <Section title={ACCOUNT_TEXT.sessions}>
            <Sessions />
          </Section>
          <Section title={ACCOUNT_TEXT.yourData}>
            <DownloadData />
          </Section>
          <Section title="Notifications">
            <p>
              <Link to={paths.notificationSettings()}>Notification settings</Link>: what is mailed to you, and when.
            </p>
          </Section>
          <Section title={ACCOUNT_TEXT.deleteAccount}>
            <DeleteAccountForm />
          </Section>
        </>
      )}
    </QueryView>
  );
}

export default function SettingsPage() {
  const { signedIn } = useSession();
  return (
    <div className="container section settings-page">
      <h1 className="page-title">{ACCOUNT_TEXT.settingsTitle}</h1>
      {signedIn ? (
        <Settings />
      ) : (
        <p className="empty-state">
          <Link to={paths.login()} state={{ from: patterns.settings }}>
            Log in
          </Link>{' '}
          to see your settings.
        </p>
      )}
    </div>
  );
}
