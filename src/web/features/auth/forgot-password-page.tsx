// '/user/forgot-password': asks for a reset link. 200 shows the server's msg; anything else 'Email not found'.
import { useState } from 'react';
import { LIMITS, TEXT } from '../../../shared/constants';
import { paths } from '../../app/paths';
import { showAlert } from '../../components/alert-banner';
import { Link } from '../../lib/router';
import { forgotPassword } from './api/forgot-password';
import { AuthCard, CheckEmail, Field, FormProblem } from './components/auth-card';
import { emailProblem, useFieldErrors } from './components/field-errors';
import { useFormSubmit } from './components/use-form-submit';
import './auth.css';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  // The address a link may have gone to: the form gives way to one message naming it (the server's generic msg is
  // the alert's).
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, formRef, check } = useFieldErrors<'email'>();
  const { busy, problem, onSubmit } = useFormSubmit(async () => {
    if (!check({ email: emailProblem(email) })) return;
    const result = await forgotPassword({ email });
    showAlert(result.msg ?? '', 'success');
    setSentTo(email.trim());
  }, TEXT.emailNotFound);

  if (sentTo !== null) {
    return (
      <AuthCard title="Forgot password">
        <CheckEmail
          actions={
            <Link className="button" to={paths.login()}>
              Back to Login
            </Link>
          }
        >
          <p>
            If <strong>{sentTo}</strong> belongs to an account, a link to set a new password is on its way. It works
            once, for one hour.
          </p>
          <p>
            <button type="button" className="button button--ghost" onClick={() => setSentTo(null)}>
              Try another address
            </button>
          </p>
        </CheckEmail>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot password">
      <form className="auth__form" onSubmit={onSubmit} ref={formRef} noValidate>
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={LIMITS.emailMax}
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <FormProblem text={problem} />
        <button type="submit" className="button" aria-disabled={busy}>
          Verify
        </button>
      </form>
      <p className="auth__links">
        <Link to={paths.login()}>Back to Login</Link>
      </p>
    </AuthCard>
  );
}
