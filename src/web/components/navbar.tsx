// The sticky site navigation: links, the search box that opens the search modal, and Login or Logout.
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { BRAND, TEXT } from '../../shared/constants';
import { api } from '../lib/api';
import { useSession } from '../lib/session';
import { showAlert } from './alert-banner';
import { MenuIcon, SearchIcon } from './icons';
import { ProgressBar } from './progress-bar';

const StudioLink = lazy(() => import('./studio-link'));

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/course', label: 'Courses', end: false },
  { to: '/tutorial', label: 'Tutorial', end: false },
  { to: '/blog/', label: 'Blog', end: false },
  { to: '/bugs', label: 'BugsWorld', end: false },
  { to: '/contact', label: 'Contact', end: false },
] as const;

/** '/' typed outside a text field, or Ctrl+K / Cmd+K anywhere. */
function isSearchShortcut(event: KeyboardEvent): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') return true;
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target;
  return !(
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement)
  );
}

interface NavbarProps {
  searchOpen: boolean;
  onOpenSearch: () => void;
}

export function Navbar({ searchOpen, onOpenSearch }: NavbarProps) {
  const { signedIn, signOut } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(searchOpen);

  // The menu closes on every route change, adjusted while rendering the new route rather than in an effect.
  const [pathOfMenu, setPathOfMenu] = useState(pathname);
  if (pathOfMenu !== pathname) {
    setPathOfMenu(pathname);
    setMenuOpen(false);
  }

  // The menu (phones) closes on Escape, and focus goes back to the button that opened it.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  // '/' (outside any text field) or Ctrl+K / Cmd+K opens the search dialog, as on most sites with search.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (searchOpen || event.defaultPrevented || !isSearchShortcut(event)) return;
      event.preventDefault();
      onOpenSearch();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [searchOpen, onOpenSearch]);

  useEffect(() => {
    if (wasOpen.current && !searchOpen) {
      searchRef.current?.focus({ preventScroll: true });
    }
    wasOpen.current = searchOpen;
  }, [searchOpen]);

  function logout() {
    // Revoke the session on the server; the local sign-out happens whatever it answers (SPEC §4).
    api('/api/auth/logout', { method: 'POST', auth: true }).catch(() => undefined);
    signOut();
    queryClient.clear();
    void navigate('/');
    showAlert(TEXT.loggedOut, 'danger');
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
          {BRAND}
        </Link>
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
              // Authors and admins get a Studio link; the server checks the role on every Studio call anyway.
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
              readOnly
              className="navbar__search-input"
              placeholder={TEXT.searchPlaceholder}
              aria-label="Search courses and tutorials"
              aria-haspopup="dialog"
              aria-keyshortcuts="/ Control+K Meta+K"
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
            <kbd className="navbar__search-hint" aria-hidden="true" title="Press / or Ctrl+K to search">
              /
            </kbd>
          </div>
          {signedIn ? (
            <button type="button" className="button button--outline navbar__auth" onClick={logout}>
              Logout
            </button>
          ) : (
            <Link to="/login" className="button navbar__auth">
              Login
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
