// The home page on the server: the latest courses are read in process; its head is the site's own.
import { patterns, paths } from '../../app/paths';
import { declarePage } from '../../ssr/page-declaration';

export const page = declarePage({
  pattern: patterns.home,
  reads: ['/api/course/getCourse'],
  head: ({ url, site }) => ({
    shareTitle: `${site.siteName}: learn to code`,
    description: site.description,
    canonical: url(paths.home()),
  }),
});
