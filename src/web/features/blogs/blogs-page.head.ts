// The blog on the server: the posts are read in process; a fixed description.
import { patterns, paths } from '../../app/paths';
import { declarePage } from '../../ssr/page-declaration';

export const page = declarePage({
  pattern: patterns.blogs,
  reads: ['/api/blog/getBlog'],
  head: ({ url, site }) => ({
    shareTitle: `Blog | ${site.siteName}`,
    description: 'The DevCourses blog: news and articles about programming, newest first.',
    canonical: url(paths.blogs()),
  }),
});
