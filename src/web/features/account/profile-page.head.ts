// A public profile on the server: read in process; its head has a description and a canonical link. A private or
// unknown profile is the 404 view (no head of its own).
import type { PublicProfile } from '../../../shared/account';
import { profilePath } from '../../../shared/account';
import { patterns } from '../../app/paths';
import { declarePage } from '../../ssr/page-declaration';
import { profileQueryOptions } from './api';

export const page = declarePage({
  pattern: patterns.profile,
  reads: ['/api/users/'],
  head: ({ client, params, url }) => {
    const p = client.getQueryData<PublicProfile>(profileQueryOptions(params.id ?? '').queryKey);
    if (!p) return null;
    const courses = p.coursesCompleted.length;
    return {
      shareTitle: p.name,
      description:
        (p.bio ? `${p.bio} ` : '') +
        `${p.name} completed ${courses === 1 ? '1 course' : `${courses} courses`} and has ${p.acceptedSolutionCount} accepted ${p.acceptedSolutionCount === 1 ? 'solution' : 'solutions'}.`,
      canonical: url(profilePath(p._id)),
    };
  },
});
