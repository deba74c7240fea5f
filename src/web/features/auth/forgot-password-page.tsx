// '/user/forgot-password': asks for a reset link. 200 shows the server's msg; anything else 'Email not found'.
import { useState } from 'react';
import { Link } from 'react-router';
import { LIMITS, TEXT } from '../../../shared/constants';
import { paths } from '../../app/paths';
import { showAlert } from '../../components/alert-banner';
import { forgotPassword } from './api/forgot-password';
import { AuthCard, Field } from './components/auth-card';
import { useFormSubmit } from './components/use-form-submit';
import './auth.css';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const { busy, onSubmit } = useFormSubmit(async () => {
    const result = await forgotPassword({ email });
    showAlert(result.msg ?? '', 'success');
  }, TEXT.emailNotFound);

  return (
    <AuthCard title="Forgot password">
      <form className="auth__form" onSubmit={onSubmit}>
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={LIMITS.emailMax}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="button" disabled={busy}>
          Verify
        </button>
      </form>
      <p className="auth__links">
        <Link to={paths.login()}>Back to Login</Link>
      </p>
    </AuthCard>
  );
}
