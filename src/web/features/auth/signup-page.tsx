// '/signup': user name, email, password and repeat. A mismatch alerts and sends nothing; no redirect (SPEC §5, §8).
import { useState } from 'react';
import { Link } from 'react-router';
import { LIMITS, TEXT } from '../../../shared/constants';
import { paths } from '../../app/paths';
import { showAlert } from '../../components/alert-banner';
import { createUser } from './api/create-user';
import { AuthCard, Field } from './components/auth-card';
import { useFormSubmit } from './components/use-form-submit';
import './auth.css';

const EMPTY = { name: '', email: '', password: '', repeat: '' };

export default function SignupPage() {
  const [form, setForm] = useState(EMPTY);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const { busy, onSubmit } = useFormSubmit(async () => {
    if (form.password !== form.repeat) {
      showAlert(TEXT.passwordMismatch, 'danger');
      return;
    }
    const result = await createUser({ name: form.name, email: form.email, password: form.password });
    if (result.success) {
      showAlert(`${TEXT.signedUp} ${result.msg ?? ''}`.trimEnd(), 'success');
      setForm(EMPTY);
    } else {
      showAlert(result.error ?? '', 'danger');
    }
  });

  return (
    <AuthCard title="Sign Up">
      <form className="auth__form" onSubmit={onSubmit}>
        <Field
          label="User name"
          name="name"
          autoComplete="name"
          required
          minLength={LIMITS.nameMin}
          maxLength={LIMITS.nameMax}
          value={form.name}
          onChange={set('name')}
        />
        {/* SPEC §5: the email field is of email type but not marked required (the server checks it). */}
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          maxLength={LIMITS.emailMax}
          value={form.email}
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
          onChange={set('repeat')}
        />
        <button type="submit" className="button" disabled={busy}>
          Sign Up
        </button>
      </form>
      <p className="auth__links">
        <Link to={paths.login()}>Already have an account? Login</Link>
      </p>
    </AuthCard>
  );
}
