import { useEffect } from 'react';
import { documentTitle } from '../lib/document-title';
import { usePathname } from '../lib/router';
import { useSite } from '../lib/use-site';

/** The specified title rule: the site's name + first path segment, on every route change. */
export function useDocumentTitle(): void {
  const pathname = usePathname();
  const { siteName } = useSite();
  useEffect(() => {
    document.title = documentTitle(pathname, siteName);
  }, [pathname, siteName]);
}
