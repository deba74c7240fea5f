// The contact page on the server: nothing to read but the site's settings (which every page reads).
import { patterns, paths } from '../../app/paths';
import { declarePage } from '../../ssr/page-declaration';

export const page = declarePage({
  pattern: patterns.contact,
  reads: [],
  head: ({ url, site }) => ({
    shareTitle: `Contact | ${site.siteName}`,
    description: `How to reach the ${site.siteName} team: email and social networks.`,
    canonical: url(paths.contact()),
  }),
});
