// The frame around every page: navbar with the progress bar, alert banner, the page itself, footer, search modal.
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { AlertBanner } from '../components/alert-banner';
import { Footer } from '../components/footer';
import { Loading } from '../components/loading';
import { Navbar, preloadThemeToggle } from '../components/navbar';
import { preloadable } from '../lib/preloadable';
import { usePathname } from '../lib/router';
import { RouteErrorBoundary } from './route-error-boundary';
import { useDocumentTitle } from './use-document-title';

const SearchModal = lazy(() => import('../features/search/components/search-modal'));
const announcer = preloadable(() => import('./route-announcer').then((m) => m.default));
const RouteAnnouncer = announcer.Component;

/** Loads the frame's lazy parts that the server draws (the route announcer, the theme toggle), so that they hydrate
 *  with the page rather than after it. The router's navigations are urgent updates (docs/decisions/0020): one that
 *  came before such a part had hydrated would make React draw it again from scratch, and a fresh announcer takes the
 *  page it mounts on for the first load, so that navigation would neither move focus nor be announced. Both sides
 *  preload them, as they preload the page (docs/decisions/0016). */
export const preloadShell = () => Promise.all([announcer.preload(), preloadThemeToggle()]);

export function RootLayout({ children }: { children: ReactNode }) {
  useDocumentTitle();
  const pathname = usePathname();
  const [searchOpen, setSearchOpen] = useState(false);
  const openSearch = useCallback(() => setSearchOpen(true), []);
  const closeSearch = useCallback(() => setSearchOpen(false), []);

  // SPEC §2: the search modal closes on every route change. Adjusted while rendering the new route (React's
  // "adjusting state when a prop changes"), so the modal is never drawn over the new page first.
  const [pathOfSearch, setPathOfSearch] = useState(pathname);
  if (pathOfSearch !== pathname) {
    setPathOfSearch(pathname);
    setSearchOpen(false);
  }

  // A new page starts at the top. A block body: Chromium's scrollTo answers a promise, which React would take for
  // the effect's clean-up function.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar searchOpen={searchOpen} onOpenSearch={openSearch} />
      <AlertBanner />
      <main id="main" tabIndex={-1}>
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<Loading />}>{children}</Suspense>
        </RouteErrorBoundary>
        {/* Names each new page for screen readers (inside a landmark, where axe wants all content). */}
        <Suspense fallback={null}>
          <RouteAnnouncer mainId="main" />
        </Suspense>
      </main>
      <Footer />
      {searchOpen && (
        <Suspense fallback={null}>
          <SearchModal onClose={closeSearch} />
        </Suspense>
      )}
    </>
  );
}
