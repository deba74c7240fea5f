// The course list on the server: the catalogue is read in process; a fixed description.
import { patterns, paths } from '../../app/paths';
import { declarePage } from '../../ssr/page-declaration';

export const page = declarePage({
  pattern: patterns.courses,
  reads: ['/api/course/getCourse'],
  head: ({ url, site }) => ({
    shareTitle: `Courses | ${site.siteName}`,
    description: 'Free video courses on programming: every DevCourses course with its lessons and length.',
    canonical: url(paths.courses()),
  }),
});
