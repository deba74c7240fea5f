// The tutorial list on the server: the list is read in process; a fixed description.
import { patterns, paths } from '../../app/paths';
import { declarePage } from '../../ssr/page-declaration';

export const page = declarePage({
  pattern: patterns.tutorials,
  reads: ['/api/tutorial/getTutorial'],
  head: ({ url, site }) => ({
    shareTitle: `Tutorials | ${site.siteName}`,
    description: 'Step-by-step programming tutorials from DevCourses, free to read.',
    canonical: url(paths.tutorials()),
  }),
});
