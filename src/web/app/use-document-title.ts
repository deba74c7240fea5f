import { useEffect } from 'react';
import { documentTitle } from '../lib/format';
import { usePathname } from '../lib/router';

/** The title rule of SPEC §2: brand + first path segment, on every route change. */
export function useDocumentTitle(): void {
  const pathname = usePathname();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
}
