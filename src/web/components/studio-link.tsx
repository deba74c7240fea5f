// The navbar's links for signed-in readers: 'My learning', 'Settings', and the Studio for authors and admins (their
// role from GET /api/auth/me). Its own small chunk, loaded only for signed-in readers, so the first load of a
// visitor carries neither the links nor the role query.
import { canAuthor } from '../../shared/studio-rules';
import { NavLink } from '../lib/router';
import { useMe } from '../lib/use-me';

export default function StudioLink() {
  const { data: me } = useMe();
  return (
    <>
      <li>
        <NavLink to="/learning" className="navbar__link">
          My learning
        </NavLink>
      </li>
      <li>
        <NavLink to="/settings" className="navbar__link">
          Settings
        </NavLink>
      </li>
      {canAuthor(me?.role) && (
        <li>
          <NavLink to="/studio" className="navbar__link">
            Studio
          </NavLink>
        </li>
      )}
    </>
  );
}
