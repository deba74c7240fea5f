// The navbar's Studio link, shown to authors and admins (their role from GET /api/auth/me). Its own small chunk,
// loaded only for signed-in readers, so the first load of a visitor does not carry the role query.
import { NavLink } from 'react-router';
import { canAuthor } from '../../shared/studio-rules';
import { useMe } from '../lib/use-me';

export default function StudioLink() {
  const { data: me } = useMe();
  if (!canAuthor(me?.role)) return null;
  return (
    <li>
      <NavLink to="/studio" className="navbar__link">
        Studio
      </NavLink>
    </li>
  );
}
