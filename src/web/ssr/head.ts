// What a server-rendered page says about itself in its <head> (issue 10): the SPEC title, a description of its own, the
// canonical address from PUBLIC_URL, Open Graph and Twitter card tags, and schema.org JSON-LD (Course, VideoObject,
// BlogPosting, BreadcrumbList). Built from the same query data the page rendered with.
import type { QueryClient } from '@tanstack/react-query';
import { BRAND } from '../../shared/constants';
import type { Blog, CourseWithLessons, LessonPage, Tutorial } from '../../shared/contract';
import { patterns, paths } from '../app/paths';
import { documentTitle, excerpt, stripHtml } from '../lib/format';
import { blogQueryOptions } from '../features/blogs/api/get-blog';
import { courseQueryOptions, getCourse } from '../features/courses/api/get-course';
import { lessonQueryOptions } from '../features/courses/api/get-lesson';
import { tutorialQueryOptions } from '../features/tutorials/api/get-tutorial';

export const SITE_DESCRIPTION =
  'DevCourses: free video courses, tutorials and blog posts for programmers, and BugsWorld, a board to share bugs and solutions.';
/** The share card of pages without an image of their own (public/og-card.png, 1200 × 630). */
export const DEFAULT_CARD = '/og-card.png';
const DESCRIPTION_LENGTH = 160;

export interface PageHead {
  title: string;
  description: string;
  /** Absolute; absent on the 404 view (which is also kept out of search results). */
  canonical?: string;
  /** The shared item's own title for previews (the document title is the SPEC's brand + first path segment). */
  shareTitle: string;
  image: string;
  imageAlt: string;
  type: 'website' | 'article' | 'video.other';
  jsonLd: object[];
}

type Params = Record<string, string | undefined>;

const FIXED: Record<string, { path: string; shareTitle: string; description: string }> = {
  [patterns.home]: { path: paths.home(), shareTitle: `${BRAND}: learn to code`, description: SITE_DESCRIPTION },
  [patterns.courses]: {
    path: paths.courses(),
    shareTitle: `Courses | ${BRAND}`,
    description: 'Free video courses on programming: every DevCourses course with its lessons and length.',
  },
  [patterns.tutorials]: {
    path: paths.tutorials(),
    shareTitle: `Tutorials | ${BRAND}`,
    description: 'Step-by-step programming tutorials from DevCourses, free to read.',
  },
  [patterns.blogs]: {
    path: paths.blogs(),
    shareTitle: `Blog | ${BRAND}`,
    description: 'The DevCourses blog: news and articles about programming, newest first.',
  },
  [patterns.contact]: {
    path: paths.contact(),
    shareTitle: `Contact | ${BRAND}`,
    description: 'How to reach the DevCourses team: email and social networks.',
  },
};

/** `/media/x.png` → `https://site/media/x.png`; absolute URLs stay. */
export function absolute(publicUrl: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Seconds as an ISO 8601 duration: 754 → PT12M34S. */
export function isoDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || total === 0 ? `${s}S` : ''}`;
}

const describe = (html: string, fallback: string) => excerpt(html, DESCRIPTION_LENGTH) || fallback;

function breadcrumbs(publicUrl: string, trail: [name: string, path: string][]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name,
      item: absolute(publicUrl, path),
    })),
  };
}

const provider = (publicUrl: string) => ({ '@type': 'Organization', name: BRAND, url: `${publicUrl}/` });

/** A video file the browser plays itself (contentUrl), or a page that embeds it (embedUrl). */
function videoLocation(publicUrl: string, link: string): { contentUrl: string } | { embedUrl: string } {
  const youtube = /^https?:\/\/(?:www\.)?(?:youtube\.com\/watch\?v=|youtu\.be\/)([\w-]{6,20})/i.exec(link);
  if (youtube) return { embedUrl: `https://www.youtube.com/embed/${youtube[1]}` };
  if (/^https?:\/\/(?:www\.)?vimeo\.com\//i.test(link)) return { embedUrl: link };
  return { contentUrl: absolute(publicUrl, link) };
}

export async function pageHead(
  client: QueryClient,
  route: { pattern: string; params: Params },
  pathname: string,
  publicUrl: string,
  notFound: boolean,
): Promise<PageHead> {
  const base = {
    title: documentTitle(pathname),
    image: absolute(publicUrl, DEFAULT_CARD),
    imageAlt: `${BRAND}: learn to code`,
    type: 'website' as const,
    jsonLd: [] as object[],
  };
  if (notFound) return { ...base, shareTitle: `${BRAND}: page not found`, description: SITE_DESCRIPTION };

  const { pattern, params } = route;
  const fixed = FIXED[pattern];
  const canonicalOf = (path: string) => absolute(publicUrl, path);
  if (fixed) {
    return {
      ...base,
      shareTitle: fixed.shareTitle,
      description: fixed.description,
      canonical: canonicalOf(fixed.path),
    };
  }

  if (pattern === patterns.course) {
    const id = params.courseId ?? '';
    const course = client.getQueryData<CourseWithLessons>(courseQueryOptions(id).queryKey);
    if (!course) return { ...base, shareTitle: BRAND, description: SITE_DESCRIPTION, canonical: canonicalOf(pathname) };
    const url = canonicalOf(paths.course(id));
    const description = describe(course.description, `A free video course on ${course.title}.`);
    const image = absolute(publicUrl, course.cover);
    return {
      ...base,
      shareTitle: course.title,
      description,
      canonical: url,
      image,
      imageAlt: `Cover of ${course.title}`,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Course',
          name: course.title,
          description,
          url,
          image,
          provider: provider(publicUrl),
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
  }

  if (pattern === patterns.lesson) {
    const courseId = params.courseId ?? '';
    const lessonId = params.lessonId ?? '';
    const page = client.getQueryData<LessonPage>(lessonQueryOptions(courseId, lessonId).queryKey);
    const lesson = page?.course[0];
    if (!lesson) return { ...base, shareTitle: BRAND, description: SITE_DESCRIPTION, canonical: canonicalOf(pathname) };
    // The lesson answer has no cover: the course's own read (cached like every read) gives the thumbnail and name.
    const course = await getCourse(courseId).catch(() => null);
    const url = canonicalOf(paths.lesson(courseId, lessonId));
    const description = describe(lesson.description, `Lesson "${lesson.title}"${course ? ` of ${course.title}` : ''}.`);
    const image = course ? absolute(publicUrl, course.cover) : base.image;
    return {
      ...base,
      shareTitle: lesson.title,
      description,
      canonical: url,
      image,
      imageAlt: course ? `Cover of ${course.title}` : base.imageAlt,
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
          url,
        },
        breadcrumbs(publicUrl, [
          ['Home', paths.home()],
          ['Courses', paths.courses()],
          ...(course ? [[course.title, paths.course(courseId)] as [string, string]] : []),
          [lesson.title, paths.lesson(courseId, lessonId)],
        ]),
      ],
    };
  }

  if (pattern === patterns.tutorial) {
    const id = params.tutorialId ?? '';
    const tutorial = client.getQueryData<Tutorial[]>(tutorialQueryOptions(id).queryKey)?.[0];
    if (!tutorial)
      return { ...base, shareTitle: BRAND, description: SITE_DESCRIPTION, canonical: canonicalOf(pathname) };
    const url = canonicalOf(paths.tutorial(id));
    const description = describe(tutorial.content, `A DevCourses tutorial: ${tutorial.title}.`);
    const image = absolute(publicUrl, tutorial.image);
    return {
      ...base,
      shareTitle: tutorial.title,
      description,
      canonical: url,
      image,
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
  }

  if (pattern === patterns.blog) {
    const id = params.blogId ?? '';
    const post = client.getQueryData<Blog[]>(blogQueryOptions(id).queryKey)?.[0];
    if (!post) return { ...base, shareTitle: BRAND, description: SITE_DESCRIPTION, canonical: canonicalOf(pathname) };
    const url = canonicalOf(paths.blog(id));
    const description = describe(post.content, `${post.title}, on the ${BRAND} blog.`);
    return {
      ...base,
      shareTitle: post.title,
      description,
      canonical: url,
      type: 'article',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: Array.from(stripHtml(post.title)).slice(0, 110).join(''),
          description,
          datePublished: post.date,
          url,
          mainEntityOfPage: url,
          image: [base.image],
          author: provider(publicUrl),
          publisher: provider(publicUrl),
        },
        breadcrumbs(publicUrl, [
          ['Home', paths.home()],
          ['Blog', paths.blogs()],
          [post.title, paths.blog(id)],
        ]),
      ],
    };
  }

  return { ...base, shareTitle: BRAND, description: SITE_DESCRIPTION, canonical: canonicalOf(pathname) };
}

function courseWorkload(course: CourseWithLessons): string {
  const seconds = course.lessonlist.reduce((sum, lesson) => sum + (lesson.duration ?? 0), 0);
  return isoDuration(seconds);
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside <script type="application/ld+json">: nothing that could close the element. */
const ldJson = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The tags, as HTML for the template's <head>. */
export function headTags(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeAttr(value)}" />`;
  return [
    `<title>${escapeAttr(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.canonical
      ? `<link rel="canonical" href="${escapeAttr(head.canonical)}" />`
      : meta('name', 'robots', 'noindex'),
    meta('property', 'og:site_name', BRAND),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.shareTitle),
    meta('property', 'og:description', head.description),
    ...(head.canonical ? [meta('property', 'og:url', head.canonical)] : []),
    meta('property', 'og:image', head.image),
    meta('property', 'og:image:alt', head.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.shareTitle),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${ldJson(data)}</script>`),
  ].join('\n    ');
}
