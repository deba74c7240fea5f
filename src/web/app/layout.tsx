// The frame around every page: navbar with the progress bar, alert banner, the page itself, footer, search modal.
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { AlertBanner } from '../components/alert-banner';
import { Footer } from '../components/footer';
import { Loading } from '../components/loading';
import { Navbar } from '../components/navbar';
import { usePathname } from '../lib/router';
import { RouteAnnouncer } from './route-announcer';
import { RouteErrorBoundary } from './route-error-boundary';
import { useDocumentTitle } from './use-document-title';

const SearchModal = lazy(() => import('../features/search/components/search-modal'));
// The navbar's bell: its own chunk, which the navbar loads only for signed-in readers.
const NotificationBell = lazy(() => import('../features/notifications/notification-bell'));
export function RootLayout({ children }: { children: ReactNode }) {
  useDocumentTitle();
  const pathname = usePathname();
  const [searchOpen, setSearchOpen] = useState(false);
  const openSearch = useCallback(() => setSearchOpen(true), []);
  const closeSearch = useCallback(() => setSearchOpen(false), []);

  // The search modal closes on every route change. Adjusted while rendering the new route (React's
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
      <Navbar searchOpen={searchOpen} onOpenSearch={openSearch} bell={<NotificationBell />} />
      <AlertBanner />
      <main id="main" tabIndex={-1}>
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<Loading />}>{children}</Suspense>
        </RouteErrorBoundary>
        {/* Names each new page for screen readers (inside a landmark, where axe wants all content). */}
        <RouteAnnouncer mainId="main" />
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
