// A tutorial page on the server: the tutorial and its practice items are read in process; its head has the tutorial's own description and
// image, and BreadcrumbList JSON-LD.
import type { Tutorial } from '../../../shared/contract';
import { patterns, paths } from '../../app/paths';
import { DEFAULT_CARD, breadcrumbs, describe } from '../../ssr/head';
import { declarePage } from '../../ssr/page-declaration';
import { tutorialQueryOptions } from './api/get-tutorial';

export const page = declarePage({
  pattern: patterns.tutorial,
  reads: ['/api/tutorial/getTutorialDetail/', '/api/practice/tutorial/'],
  head: ({ client, params, publicUrl, url }) => {
    const id = params.tutorialId ?? '';
    const tutorial = client.getQueryData<Tutorial[]>(tutorialQueryOptions(id).queryKey)?.[0];
    if (!tutorial) return null;
    return {
      shareTitle: tutorial.title,
      description: describe(tutorial.content, `A DevCourses tutorial: ${tutorial.title}.`),
      canonical: url(paths.tutorial(id)),
      // A tutorial without an image of its own is shared with the site's default card.
      image: url(tutorial.image || DEFAULT_CARD),
      imageAlt: tutorial.title,
      type: 'article',
      jsonLd: [
        breadcrumbs(publicUrl, [
          ['Home', paths.home()],
          ['Tutorials', paths.tutorials()],
          [tutorial.title, paths.tutorial(id)],
        ]),
      ],
    };
  },
});
