// A course page on the server: the course and its lessons are read in process; its head has the course's own
// description and cover, and Course and BreadcrumbList JSON-LD.
import type { CourseWithLessons } from '../../../shared/contract';
import { patterns, paths } from '../../app/paths';
import { breadcrumbs, describe, isoDuration, provider } from '../../ssr/head';
import { declarePage } from '../../ssr/page-declaration';
import { courseQueryOptions } from './api/get-course';

export const page = declarePage({
  pattern: patterns.course,
  reads: ['/api/lession/getLessionList/'],
  head: ({ client, params, publicUrl, url, site }) => {
    const id = params.courseId ?? '';
    const course = client.getQueryData<CourseWithLessons>(courseQueryOptions(id).queryKey);
    if (!course) return null;
    const canonical = url(paths.course(id));
    const description = describe(course.description, `A free video course on ${course.title}.`);
    const image = url(course.cover);
    return {
      shareTitle: course.title,
      description,
      canonical,
      image,
      imageAlt: `Cover of ${course.title}`,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Course',
          name: course.title,
          description,
          url: canonical,
          image,
          provider: provider(publicUrl, site.siteName),
          isAccessibleForFree: true,
          hasCourseInstance: {
            '@type': 'CourseInstance',
            courseMode: 'Online',
            courseWorkload: courseWorkload(course),
          },
          offers: { '@type': 'Offer', category: 'Free', price: 0, priceCurrency: 'USD' },
        },
        breadcrumbs(publicUrl, [
          ['Home', paths.home()],
          ['Courses', paths.courses()],
          [course.title, paths.course(id)],
        ]),
      ],
    };
  },
});

/** The length of all its lessons, as an ISO 8601 duration. */
function courseWorkload(course: CourseWithLessons): string {
  const seconds = course.lessonlist.reduce((sum, lesson) => sum + (lesson.duration ?? 0), 0);
  return isoDuration(seconds);
}
