// '/user/sign-in/:token': the one-time sign-in link. Signs in and goes home like a login, or shows the
// 404 view for a spent, expired or unknown link.
import { useEffect } from 'react';
import { TEXT } from '../../../shared/constants';
import { paths } from '../../app/paths';
import { showAlert } from '../../components/alert-banner';
import { Loading } from '../../components/loading';
import { NotFound } from '../../components/not-found';
import { useNavigate, useParams } from '../../lib/router';
import { signIn } from '../../lib/session';
import { useSignInWithLink } from './api/sign-in-with-link';

export default function SignInLinkPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const result = useSignInWithLink(token);
  const session = result.data?.success ? result.data : null;

  useEffect(() => {
    if (!session?.authToken || !session.id) return;
    signIn(session.authToken, session.id);
    navigate(paths.home(), { replace: true });
    showAlert(TEXT.loggedIn, 'success');
  }, [session, navigate]);

  if (result.isError || (result.data && !session)) return <NotFound />;
  return <Loading label="Signing you in…" />;
}
