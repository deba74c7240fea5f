// The sticky site navigation: links, the search box that opens the search modal, and Login or Logout. From 1280 px
// everything is in one row (with the search box wide enough for its placeholder); narrower, the search box gives way
// to a search button and the rest folds into a menu behind a button (styles/global.css).
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { FIRST_LOAD_TEXT } from '../../shared/first-load';
import { api } from '../lib/api';
import { Link, NavLink, useLocationSearch, useNavigate, usePathname } from '../lib/router';
import { useEndSession } from '../lib/end-session';
import { useSession } from '../lib/session';
import { useSite } from '../lib/use-site';
import { isSearchShortcut, SEARCH_SHORTCUT_KEYS } from '../starter/contract';
import { showAlert } from './alert-banner';
import { MenuIcon, SearchIcon } from './icons';
import { ProgressBar } from './progress-bar';
import ThemeToggle from './theme-toggle';

const StudioLink = lazy(() => import('./studio-link'));

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/course', label: 'Courses', end: false },
  { to: '/tutorial', label: 'Tutorial', end: false },
  { to: '/blog/', label: 'Blog', end: false },
  { to: '/bugs', label: 'BugsWorld', end: false },
  { to: '/contact', label: 'Contact', end: false },
] as const;

interface NavbarProps {
  searchOpen: boolean;
  onOpenSearch: () => void;
  /** The notifications bell, shown to signed-in readers (the app's layout passes it: it is a feature's part). */
  bell?: ReactNode;
}

export function Navbar({ searchOpen, onOpenSearch, bell }: NavbarProps) {
  const { signedIn } = useSession();
  const endSession = useEndSession();
  const { siteName } = useSite();
  const navigate = useNavigate();
  const pathname = usePathname();
  const search = useLocationSearch();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(searchOpen);

  // The menu closes on every route change, adjusted while rendering the new route rather than in an effect.
  const [pathOfMenu, setPathOfMenu] = useState(pathname);
  if (pathOfMenu !== pathname) {
    setPathOfMenu(pathname);
    setMenuOpen(false);
  }

  // Escape closes the menu (phones) and gives focus back to its button; '/' (outside any text field) or Ctrl+K /
  // Cmd+K opens the search dialog, as on most sites with search.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (menuOpen && event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      } else if (!searchOpen && !event.defaultPrevented && isSearchShortcut(event)) {
        event.preventDefault();
        onOpenSearch();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen, searchOpen, onOpenSearch]);

  useEffect(() => {
    if (wasOpen.current && !searchOpen) {
      // Back to whichever of the two openers this width shows (the other is display: none).
      const box = searchRef.current;
      const opener = box && box.getClientRects().length > 0 ? box : searchButtonRef.current;
      opener?.focus({ preventScroll: true });
    }
    wasOpen.current = searchOpen;
  }, [searchOpen]);

  function logout() {
    // Revoke the session on the server; the local sign-out happens whatever it answers.
    api('/api/auth/logout', { method: 'POST', auth: true }).catch(() => undefined);
    endSession();
    navigate('/');
    showAlert(FIRST_LOAD_TEXT.loggedOut, 'danger');
  }

  return (
    <header className="navbar">
      {/* Inside the banner landmark: outside every landmark, axe flags the bar while it shows (region). */}
      <ProgressBar />
      <nav className="container navbar__inner" aria-label="Main">
        <Link to="/" className="navbar__brand">
          <span aria-hidden="true" className="navbar__logo">
            {'</>'}
          </span>
          {siteName}
        </Link>
        {signedIn && bell && (
          // The bell: beside the brand at every width, outside the menu that folds on phones.
          <Suspense fallback={null}>{bell}</Suspense>
        )}
        <button
          ref={searchButtonRef}
          type="button"
          className="icon-button navbar__search-button"
          aria-label="Search"
          aria-haspopup="dialog"
          aria-keyshortcuts={SEARCH_SHORTCUT_KEYS}
          onClick={onOpenSearch}
        >
          <SearchIcon width="20" height="20" />
        </button>
        <button
          ref={toggleRef}
          type="button"
          className="icon-button navbar__toggle"
          aria-label="Toggle navigation"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon />
        </button>
        <div id={menuId} className={menuOpen ? 'navbar__menu is-open' : 'navbar__menu'}>
          <ul className="navbar__links">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className="navbar__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
            {signedIn && (
              // 'My learning', and for authors and admins a Studio link (the server checks the role on every Studio
              // call anyway): a small chunk that only signed-in readers load.
              <Suspense fallback={null}>
                <StudioLink />
              </Suspense>
            )}
          </ul>
          <div className="navbar__search">
            <SearchIcon className="navbar__search-icon" width="18" height="18" />
            <input
              ref={searchRef}
              type="search"
              name="q"
              readOnly
              className="navbar__search-input"
              placeholder={FIRST_LOAD_TEXT.searchPlaceholder}
              aria-label="Search courses and tutorials"
              aria-haspopup="dialog"
              aria-keyshortcuts={SEARCH_SHORTCUT_KEYS}
              // Opens on a click or Enter, never on focus alone (WCAG 3.2.1): tabbing through the header, or focus
              // coming back when the dialog closes, must not open it.
              onClick={onOpenSearch}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  onOpenSearch();
                }
              }}
            />
          </div>
          <ThemeToggle />
          {signedIn ? (
            <button type="button" className="button button--outline navbar__auth" onClick={logout}>
              Logout
            </button>
          ) : (
            // After login the learner comes back here (a lesson, a bug), not always to '/'.
            <Link to="/login" state={{ from: pathname + search }} className="button navbar__auth">
              Login
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
