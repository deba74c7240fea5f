import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitle } from '../lib/format';

/** The title rule of SPEC §2: brand + first path segment, on every route change. */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
}
