// A lesson page on the server: the lesson, its course (for the head's cover and name), its practice items and the
// site's own captions files are read in process, and the player's chunks are fetched with the page; its head has the lesson's
// description, the course cover, and VideoObject and BreadcrumbList JSON-LD. The browser is handed the other lessons
// without their descriptions.
import type { LessonPage } from '../../../shared/contract';
import { patterns, paths } from '../../app/paths';
import { absolute, breadcrumbs, describe, isoDuration } from '../../ssr/head';
import { declarePage } from '../../ssr/page-declaration';
import { getCourse } from './api/get-course';
import { LESSON_QUERY, lessonPageToHandOver, lessonQueryOptions } from './api/get-lesson';

export const page = declarePage({
  pattern: patterns.lesson,
  reads: ['/api/lession/getLession/', '/api/lession/getLessionList/', '/api/practice/lesson/'],
  // The page module's `preload` (the learning feature's player and the video player inside it).
  drawnLazily: ['src/web/features/learning/components/lesson-player.tsx', 'src/web/components/video-player-impl.tsx'],
  // The other lessons' descriptions are most of the answer's bytes, and the page shows only their titles.
  handOver: (queryKey, data) => (queryKey[0] === LESSON_QUERY ? lessonPageToHandOver(data as LessonPage) : data),
  head: async ({ client, params, publicUrl, url, card }) => {
    const courseId = params.courseId ?? '';
    const lessonId = params.lessonId ?? '';
    const page = client.getQueryData(lessonQueryOptions(courseId, lessonId).queryKey);
    const lesson = page?.course[0];
    if (!lesson) return null;
    // The lesson answer has no cover: the course's own read (cached like every read) gives the thumbnail and name.
    const course = await getCourse(courseId).catch(() => null);
    const canonical = url(paths.lesson(courseId, lessonId));
    const description = describe(lesson.description, `Lesson "${lesson.title}"${course ? ` of ${course.title}` : ''}.`);
    const image = course ? url(course.cover) : card.image;
    return {
      shareTitle: lesson.title,
      description,
      canonical,
      image,
      imageAlt: course ? `Cover of ${course.title}` : card.imageAlt,
      type: 'video.other',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'VideoObject',
          name: lesson.title,
          description,
          thumbnailUrl: [image],
          uploadDate: page.updatedAt,
          ...(lesson.duration ? { duration: isoDuration(lesson.duration) } : {}),
          ...videoLocation(publicUrl, lesson.link),
          url: canonical,
        },
        breadcrumbs(publicUrl, [
          ['Home', paths.home()],
          ['Courses', paths.courses()],
          ...(course ? [[course.title, paths.course(courseId)] as [string, string]] : []),
          [lesson.title, paths.lesson(courseId, lessonId)],
        ]),
      ],
    };
  },
});

/** A video file the browser plays itself (contentUrl), or a page that embeds it (embedUrl). */
function videoLocation(publicUrl: string, link: string): { contentUrl: string } | { embedUrl: string } {
  const youtube = /^https?:\/\/(?:www\.)?(?:youtube\.com\/watch\?v=|youtu\.be\/)([\w-]{6,20})/i.exec(link);
  if (youtube) return { embedUrl: `https://www.youtube.com/embed/${youtube[1]}` };
  if (/^https?:\/\/(?:www\.)?vimeo\.com\//i.test(link)) return { embedUrl: link };
  return { contentUrl: absolute(publicUrl, link) };
}
