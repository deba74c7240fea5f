// BugsWorld on the server: its signed-out state ('Premium users only'), since the server has no session, so it reads
// nothing; a signed-in reader's board follows on hydration, as the other pages' signed-in parts do.
import { patterns, paths } from '../../app/paths';
import { declarePage } from '../../ssr/page-declaration';

export const page = declarePage({
  pattern: patterns.bugs,
  reads: [],
  head: ({ url, site }) => ({
    shareTitle: `BugsWorld | ${site.siteName}`,
    description:
      'BugsWorld: DevCourses members share the bugs they hit, answer each other with solutions and vote on them.',
    canonical: url(paths.bugs()),
  }),
});
