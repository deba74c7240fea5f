// The Studio's refusal: signed out, a learner, an author on an admin page, or the server answering 401/403.
// Never a blank page: it says who may use the Studio and, signed out, links to the login.
import { paths } from '../../../app/paths';
import { isApiError } from '../../../lib/api';
import { Link } from '../../../lib/router';

export type DeniedReason = 'signed-out' | 'role' | 'admin';

/** 401 reads as signed out (no or an expired token), 403 as a role that may not; anything else is not a refusal. */
export function deniedReason(error: unknown): DeniedReason | null {
  if (isApiError(error, 401)) return 'signed-out';
  if (isApiError(error, 403)) return 'role';
  return null;
}

export function NotAllowed({ reason }: { reason: DeniedReason }) {
  return (
    <section className="container studio-denied" aria-labelledby="studio-denied-title">
      <h1 id="studio-denied-title" className="page-title">
        {reason === 'admin' ? 'Only admins can use this page' : 'You are not allowed to use the Studio'}
      </h1>
      {reason === 'signed-out' && (
        <>
          <p>The Studio is for the site&apos;s authors and admins. Log in with an author or admin account to use it.</p>
          <Link className="button" to={paths.login()}>
            Login
          </Link>
        </>
      )}
      {reason === 'role' && (
        <>
          <p>
            The Studio is for the site&apos;s authors and admins. Ask an admin to give your account the author role.
          </p>
          <Link className="button" to={paths.home()}>
            Back to home
          </Link>
        </>
      )}
      {reason === 'admin' && (
        <>
          <p>Users, roles and the audit log are for admins. Authors can write and publish content.</p>
          <Link className="button" to={paths.studio()}>
            Back to the Studio
          </Link>
        </>
      )}
    </section>
  );
}
