// The 404 view on the server: for unknown paths, and the head of any page whose render showed it (an unknown or draft
// id). It has no canonical, so it is kept out of search results.
import { patterns } from '../app/paths';
import { declarePage } from '../ssr/page-declaration';

export const page = declarePage({
  pattern: patterns.notFound,
  reads: [],
  head: ({ site }) => ({ shareTitle: `${site.siteName}: page not found`, description: site.description }),
});
