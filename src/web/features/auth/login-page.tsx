// '/login': email and password; links to the forgot-password screen and to sign-up. The alerts are the specified ones.
import { useState } from 'react';
import { LIMITS, TEXT } from '../../../shared/constants';
import type { AuthResult } from '../../../shared/contract';
import { paths } from '../../app/paths';
import { showAlert } from '../../components/alert-banner';
import { isApiError } from '../../lib/api';
import { Link, useHistoryState, useNavigate } from '../../lib/router';
import { signIn } from '../../lib/session';
import { mergeLocalProgress } from '../learning';
import { mergeLocalPractice } from '../practice';
import { loginUser } from './api/login-user';
import { AuthCard, Field, FormProblem } from './components/auth-card';
import { emailProblem, passwordProblem, useFieldErrors } from './components/field-errors';
import { useFormSubmit } from './components/use-form-submit';
import './auth.css';

/** Account pages are no place to come back to: a spent verification or reset link would show the 404 view. */
const ACCOUNT_PAGES = /^\/(login|signup|user\/)/;

/** Where the learner was before the login page (a same-site path, not an account page), else home. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || ACCOUNT_PAGES.test(from))
    return paths.home();
  return from;
}

export default function LoginPage() {
  const navigate = useNavigate();
  // The link that led here put the page to come back to in history.state (navbar, lesson and learning pages).
  const state = useHistoryState<unknown>();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, formRef, check } = useFieldErrors<'email' | 'password'>();
  const { busy, problem, onSubmit } = useFormSubmit(async (keep) => {
    if (!check({ email: emailProblem(email), password: passwordProblem(password) })) return;
    let result: AuthResult;
    try {
      result = await loginUser({ email, password });
    } catch (err) {
      if (!isApiError(err) || err.status !== 401) throw err;
      // A wrong email or password: the alert lasts a second, the error stays beside the password field (focused).
      showAlert(err.message, 'danger');
      check({ password: err.message });
      return;
    }
    if (result.success && result.authToken && result.id) {
      signIn(result.authToken, result.id);
      // A visitor's progress and exercise code in this browser join the account (then leave the browser) before the
      // next page reads them.
      await Promise.all([mergeLocalProgress(), mergeLocalPractice()]);
      navigate(returnPath(state));
      showAlert(TEXT.loggedIn, 'success');
    } else if (result.success === false) {
      // An unverified account: the server says a fresh link was mailed (shown in success style, as specified).
      showAlert(result.msg ?? '', 'success');
      keep(result.msg ?? null);
    } else {
      showAlert(result.error ?? '', 'danger');
      keep(result.error ?? null);
    }
  });

  return (
    <AuthCard title="Login">
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
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          minLength={LIMITS.passwordMin}
          maxLength={LIMITS.passwordMax}
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormProblem text={problem} />
        <button type="submit" className="button" aria-disabled={busy}>
          Login
        </button>
      </form>
      <p className="auth__links">
        <Link to={paths.forgotPassword()}>Forgot password?</Link>
        <Link to={paths.signup()}>Register</Link>
      </p>
    </AuthCard>
  );
}
