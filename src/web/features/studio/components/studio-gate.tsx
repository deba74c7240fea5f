// Who may see a Studio page (authors and admins; admins only for users and audit), and the frame around every
// Studio page: the Studio's own navigation, then the page with its one h1.
import type { ReactNode } from 'react';
import type { Me } from '../../../../shared/studio';
import { canAuthor } from '../../../../shared/studio-rules';
import { paths } from '../../../app/paths';
import { Loading } from '../../../components/loading';
import { NavLink } from '../../../lib/router';
import { useMe } from '../../../lib/use-me';
import { useSession } from '../../../lib/session';
import { deniedReason, NotAllowed } from './not-allowed';
import { LoadError } from '../../../components/query-view';
import '../studio.css';

interface StudioGateProps {
  /** Users, the audit log and the site's settings: admins only. */
  admin?: boolean;
  children: (me: Me) => ReactNode;
}

export function StudioGate({ admin = false, children }: StudioGateProps) {
  const { signedIn } = useSession();
  const me = useMe();
  if (!signedIn) return <NotAllowed reason="signed-out" />;
  if (me.isPending) return <Loading label="Checking your access…" />;
  if (me.isError) {
    const reason = deniedReason(me.error);
    if (reason) return <NotAllowed reason={reason} />;
    return <LoadError what="Your account" error={me.error} onRetry={() => void me.refetch()} page />;
  }
  if (!canAuthor(me.data.role)) return <NotAllowed reason="role" />;
  if (admin && me.data.role !== 'admin') return <NotAllowed reason="admin" />;
  return <>{children(me.data)}</>;
}

export function StudioFrame({ me, children }: { me: Me; children: ReactNode }) {
  return (
    <div className="container studio">
      <nav className="studio-nav" aria-label="Studio">
        <NavLink to={paths.studio()} end className="studio-nav__link">
          Content lists
        </NavLink>
        {me.role === 'admin' && (
          <>
            <NavLink to={paths.studioUsers()} className="studio-nav__link">
              Users
            </NavLink>
            <NavLink to={paths.studioAudit()} className="studio-nav__link">
              Audit log
            </NavLink>
            <NavLink to={paths.studioCertificates()} className="studio-nav__link">
              Certificates
            </NavLink>
            <NavLink to={paths.studioSettings()} className="studio-nav__link">
              Settings
            </NavLink>
          </>
        )}
      </nav>
      {children}
    </div>
  );
}
