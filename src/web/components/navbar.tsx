// The sticky site navigation: links, the search box that opens the search modal, and Login or Logout.
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { BRAND, TEXT } from '../../shared/constants';
import { api } from '../lib/api';
import { preloadable } from '../lib/preloadable';
import { Link, NavLink, useLocationSearch, useNavigate, usePathname } from '../lib/router';
import { useSession } from '../lib/session';
import { showAlert } from './alert-banner';
import { MenuIcon, SearchIcon } from './icons';
import { ProgressBar } from './progress-bar';

const StudioLink = lazy(() => import('./studio-link'));
// Drawn on the server: preloaded before the page hydrates (app/layout.tsx, preloadShell).
const themeToggle = preloadable(() => import('./theme-toggle').then((m) => m.default));
const ThemeToggle = themeToggle.Component;
export const preloadThemeToggle = themeToggle.preload;

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
  const { key, ctrlKey, metaKey, altKey, target } = event;
  if (altKey) return false;
  if (ctrlKey || metaKey) return key.toLowerCase() === 'k';
  const field =
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  return key === '/' && !field;
}

interface NavbarProps {
  searchOpen: boolean;
  onOpenSearch: () => void;
}

export function Navbar({ searchOpen, onOpenSearch }: NavbarProps) {
  const { signedIn, signOut } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pathname = usePathname();
  const search = useLocationSearch();
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
      searchRef.current?.focus({ preventScroll: true });
    }
    wasOpen.current = searchOpen;
  }, [searchOpen]);

  function logout() {
    // Revoke the session on the server; the local sign-out happens whatever it answers (SPEC §4).
    api('/api/auth/logout', { method: 'POST', auth: true }).catch(() => undefined);
    signOut();
    queryClient.clear();
    navigate('/');
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
          </div>
          <Suspense fallback={<span className="navbar__theme-slot" aria-hidden="true" />}>
            <ThemeToggle />
          </Suspense>
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
