// The specified title rule, on every page: the site's name and the first path segment ('home' for '/'). Its own
// module: the first load needs it, and none of the text helpers in ./format.
import { BRAND } from '../../shared/first-load';

/** The document title: the site's name and the first path segment, 'home' for '/'. */
export function documentTitle(pathname: string, siteName: string = BRAND): string {
  const first = pathname.split('/').find((segment) => segment !== '');
  let name = 'home';
  if (first) {
    try {
      name = decodeURIComponent(first);
    } catch {
      name = first;
    }
  }
  return `${siteName} | ${name}`;
}
