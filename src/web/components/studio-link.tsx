// The navbar's links for signed-in readers: 'My learning', 'Settings' (a sliders icon in the one-row bar, where an
// admin's row has no room for the word), and the Studio for authors and admins (their
// role from GET /api/auth/me). Its own small chunk, loaded only for signed-in readers, so the first load of a
// visitor carries neither the links nor the role query.
import { canAuthor } from '../../shared/studio-rules';
import { NavLink } from '../lib/router';
import { useMe } from '../lib/use-me';
import { Svg } from './icons';

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
        {/* An icon in the one-row bar (its name stays 'Settings' for everyone), the word in the folded menu. */}
        <NavLink to="/settings" className="navbar__link navbar__link--icon" title="Settings">
          <Svg width="20" height="20">
            <path d="M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6" />
          </Svg>
          <span className="navbar__link-label">Settings</span>
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
