// '/signup': user name, email, password and repeat. A mismatch alerts and sends nothing; no redirect.
import { useState } from 'react';
import { LIMITS, TEXT } from '../../../shared/constants';
import { paths } from '../../app/paths';
import { showAlert } from '../../components/alert-banner';
import { Link } from '../../lib/router';
import { createUser } from './api/create-user';
import { AuthCard, CheckEmail, Field, FormProblem } from './components/auth-card';
import {
  commonPasswordProblem,
  emailProblem,
  nameProblem,
  passwordProblem,
  useFieldErrors,
} from './components/field-errors';
import { useFormSubmit } from './components/use-form-submit';
import './auth.css';

const EMPTY = { name: '', email: '', password: '', repeat: '' };

export default function SignupPage() {
  const [form, setForm] = useState(EMPTY);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  // The address the verification link went to: the form gives way to a panel that says so and stays.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, formRef, check } = useFieldErrors<keyof typeof EMPTY>();
  const { busy, problem, onSubmit } = useFormSubmit(async (keep) => {
    const mismatch = form.repeat !== '' && form.password !== form.repeat;
    const ok = check({
      name: nameProblem(form.name),
      // The email is not marked required (the server names a missing one), but a wrong one is caught here.
      email: emailProblem(form.email, false),
      password: passwordProblem(form.password),
      repeat: mismatch ? TEXT.passwordMismatch : form.repeat === '' ? 'Repeat the password.' : undefined,
    });
    if (mismatch) showAlert(TEXT.passwordMismatch, 'danger');
    if (!ok) return;
    const common = await commonPasswordProblem(form.password);
    if (common) {
      check({ password: common });
      return;
    }
    const result = await createUser({ name: form.name, email: form.email, password: form.password });
    if (result.success) {
      showAlert(`${TEXT.signedUp} ${result.msg ?? ''}`.trimEnd(), 'success');
      setSentTo(form.email.trim());
      setForm(EMPTY);
    } else {
      showAlert(result.error ?? '', 'danger');
      keep(result.error ?? null);
    }
  });

  if (sentTo !== null) {
    return (
      <AuthCard title="Sign Up">
        <CheckEmail
          actions={
            <Link className="button" to={paths.login()}>
              Login
            </Link>
          }
        >
          <p>
            We sent a link to <strong>{sentTo}</strong>. Open it to verify your account, then log in.
          </p>
          <p>No mail after a few minutes? Look in the spam folder, or sign up again with the right address.</p>
          <p>
            <button type="button" className="button button--ghost" onClick={() => setSentTo(null)}>
              Use another address
            </button>
          </p>
        </CheckEmail>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign Up">
      <form className="auth__form" onSubmit={onSubmit} ref={formRef} noValidate>
        <Field
          label="User name"
          name="name"
          autoComplete="name"
          required
          minLength={LIMITS.nameMin}
          maxLength={LIMITS.nameMax}
          value={form.name}
          error={errors.name}
          onChange={set('name')}
        />
        {/* The email field is of email type but not marked required (the server checks it). */}
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          maxLength={LIMITS.emailMax}
          value={form.email}
          error={errors.email}
          onChange={set('email')}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={LIMITS.passwordMin}
          maxLength={LIMITS.passwordMax}
          value={form.password}
          error={errors.password}
          onChange={set('password')}
        />
        <Field
          label="Repeat password"
          type="password"
          name="repeat"
          autoComplete="new-password"
          required
          minLength={LIMITS.passwordMin}
          maxLength={LIMITS.passwordMax}
          value={form.repeat}
          error={errors.repeat}
          onChange={set('repeat')}
        />
        <FormProblem text={problem} />
        <button type="submit" className="button" aria-disabled={busy}>
          Sign Up
        </button>
      </form>
      <p className="auth__links">
        <Link to={paths.login()}>Already have an account? Login</Link>
      </p>
    </AuthCard>
  );
}
