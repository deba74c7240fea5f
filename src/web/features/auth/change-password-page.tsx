// '/user/change-password/:token': checks the reset token first (404 view if it is not valid), then a new password
// and its repeat. Success or failure, the user ends on /login.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LIMITS, TEXT } from '../../../shared/constants';
import { paths } from '../../app/paths';
import { showAlert } from '../../components/alert-banner';
import { Loading } from '../../components/loading';
import { NotFound } from '../../components/not-found';
import { useNavigate, useParams } from '../../lib/router';
import { changePassword } from './api/change-password';
import { checkTokenQueryOptions } from './api/check-token';
import { AuthCard, Field } from './components/auth-card';
import { commonPasswordProblem, passwordProblem, useFieldErrors } from './components/field-errors';
import { useFormSubmit } from './components/use-form-submit';
import './auth.css';

export default function ChangePasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  // A reset token is only checked, not consumed, by this call: forget the answer as soon as the page is left, so
  // coming back to a spent link checks it again (and shows the 404 view).
  const check = useQuery({ ...checkTokenQueryOptions(token), gcTime: 0 });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { errors, formRef, check: checkFields } = useFieldErrors<'password' | 'repeat'>();
  const { busy, onSubmit } = useFormSubmit(async () => {
    const mismatch = repeat !== '' && password !== repeat;
    const ok = checkFields({
      password: passwordProblem(password),
      repeat: mismatch ? TEXT.passwordMismatch : repeat === '' ? 'Repeat the password.' : undefined,
    });
    if (mismatch) showAlert(TEXT.passwordMismatch, 'danger');
    if (!ok) return;
    // Checked here, so the person can choose again: any failed change ends on /login.
    const common = await commonPasswordProblem(password);
    if (common) {
      checkFields({ password: common });
      return;
    }
    try {
      await changePassword({ id: token, password });
      showAlert(TEXT.passwordChanged, 'success');
    } catch {
      showAlert(TEXT.passwordChangeFailed, 'danger');
    }
    navigate(paths.login());
  });

  if (check.isPending) return <Loading label="Checking the link…" />;
  if (check.isError) return <NotFound />;
  return (
    <AuthCard title="Change password">
      <form className="auth__form" onSubmit={onSubmit} ref={formRef} noValidate>
        <Field
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={LIMITS.passwordMin}
          maxLength={LIMITS.passwordMax}
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          label="Repeat password"
          type="password"
          name="repeat"
          autoComplete="new-password"
          required
          minLength={LIMITS.passwordMin}
          maxLength={LIMITS.passwordMax}
          value={repeat}
          error={errors.repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
        <button type="submit" className="button" aria-disabled={busy}>
          Change
        </button>
      </form>
    </AuthCard>
  );
}
