// '/user/verify/:token': verifying, then 'Email Verified Successfully' with a Login button, or the 404 view.
import { TEXT } from '../../../shared/constants';
import { paths } from '../../app/paths';
import { Loading } from '../../components/loading';
import { NotFound } from '../../components/not-found';
import { Link, useParams } from '../../lib/router';
import { useCheckToken } from './api/check-token';
import { AuthCard } from './components/auth-card';
import './auth.css';

export default function VerifyPage() {
  const { token = '' } = useParams();
  const check = useCheckToken(token);
  if (check.isPending) return <Loading label="Verifying your email…" />;
  if (check.isError) return <NotFound />;
  return (
    <AuthCard title={TEXT.emailVerified}>
      <div className="auth__actions">
        <Link className="button" to={paths.login()}>
          Login
        </Link>
      </div>
    </AuthCard>
  );
}
