// Public pages arrive as HTML: each page's content is in the HTML itself (read with a DOM parser, no script
// run), unknown paths and unknown or draft ids answer 404 with the 404 view, every page describes itself (title,
// description, canonical, Open Graph, Twitter, JSON-LD), the page's data is handed over for hydration, and pages are
// cached until the content changes. The renderer is the web app's own entry, as the build bundles it.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Blog, CourseCard, CourseWithLessons, LessonPage, Tutorial } from '../shared/contract';
import { TEXT } from '../shared/constants';
import { createPageRenderer } from '../web/entry-server';
import { blogs, lessons } from './db/schema';
import { seedDemoContent } from './db/seed/seed';
import { fixtureContent } from './test/fixtures';
import { createBlog, createCourse, createLesson, createUser } from './test/factories';
import { createRenderingTestApp, parseHtml } from './test/rendering-test-app';
import { type HttpCall, overHttp } from './test/over-http';
import type { TestApp } from './test/test-app';

const SITE = 'https://devcourses.example';
let t: TestApp;
let course: CourseWithLessons;
let draftCourseId: string;
let draftLessonId: string;
let draftLessonOfPublishedId: string;
let draftBlogId: string;
let tutorial: Tutorial;
let post: Blog;

const get = (url: string) => t.app.inject({ method: 'GET', url });
/** Over a real connection, where answers kept as bytes are given (lib/kept-answers-first.ts). */
let http: HttpCall;
async function page(url: string, status = 200) {
  const res = await get(url);
  expect(res.statusCode, url).toBe(status);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return { res, doc: parseHtml(res.body) };
}
type Doc = ReturnType<typeof parseHtml>;
const text = (doc: Doc, selector = '#root') => doc.querySelector(selector)?.textContent ?? '';
const meta = (doc: Doc, key: string) =>
  doc.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ?? null;
const jsonLd = (doc: Doc) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
  );
const ofType = (doc: Doc, type: string) => jsonLd(doc).find((item) => item['@type'] === type);

beforeAll(async () => {
  // A caption file of the site: found when the server starts, as the build leaves it.
  t = await createRenderingTestApp(createPageRenderer, {
    config: { publicUrl: SITE },
    webFiles: {
      'media/a1.vtt':
        'WEBVTT\n\n00:00.000 --> 00:02.500\nFirst <b>bold</b> &amp; spoken\n\n00:02.500 --> 00:05.000\nThen <script>x</script>\n',
    },
  });
  http = await overHttp(t.app);
  const { db } = t.database;
  await seedDemoContent(db, fixtureContent);
  // Captions for the first two lessons: a file of the site (its transcript is rendered) and one on another host (its
  // transcript is left to the browser).
  const [first] = (await get('/api/course/getCourse')).json<CourseCard[]>();
  const [firstLesson, secondLesson] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.courseId, first._id))
    .orderBy(lessons.position);
  await db.update(lessons).set({ captions: '/media/a1.vtt' }).where(eq(lessons.id, firstLesson.id));
  await db.update(lessons).set({ captions: 'https://captions.example/a2.vtt' }).where(eq(lessons.id, secondLesson.id));
  course = (await get(`/api/lession/getLessionList/${first._id}`)).json<CourseWithLessons>();
  [tutorial] = (await get('/api/tutorial/getTutorial')).json<Tutorial[]>();
  [post] = (await get('/api/blog/getBlog')).json<Blog[]>();
  draftCourseId = (
    await createCourse(db, { title: 'Secret draft course', description: '<p>hidden</p>', status: 'draft' })
  ).id;
  draftLessonId = (await createLesson(db, { courseId: draftCourseId, title: 'Hidden lesson' })).id;
  // A lesson added to a published course and not yet published: in no page, its own a 404 (the course page's lesson
  // list below would count it).
  draftLessonOfPublishedId = (
    await createLesson(db, { courseId: first._id, title: 'Hidden lesson, not yet published', status: 'draft' })
  ).id;
  draftBlogId = (await createBlog(db, { title: 'Secret draft post', content: '<p>hidden</p>', status: 'draft' })).id;
});
afterAll(() => t.close());

describe('server-rendered pages', () => {
  it('home: the hero and the latest courses are in the HTML', async () => {
    const { doc } = await page('/');
    expect(doc.querySelector('#root h1')).not.toBeNull();
    expect(text(doc)).toContain('Course C');
    expect(doc.title).toBe('DevCourses | home');
    expect(text(doc, 'body')).not.toContain('needs JavaScript');
  });

  it('asks the browser to paint only once the page markup is parsed (an element after #root)', async () => {
    const { doc } = await page('/contact');
    const expected = doc.head.querySelector('link[rel="expect"][blocking="render"]')?.getAttribute('href') ?? '';
    const target = doc.querySelector(expected.startsWith('#') ? expected : '#none');
    const root = doc.querySelector('#root');
    if (!target || !root) throw new Error(`rel=expect names ${expected}, and the page needs it and #root`);
    expect(root.compareDocumentPosition(target) & root.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(root.contains(target)).toBe(false);
  });

  it("keeps the page's scripts in an inert template until the browser has painted it", async () => {
    const { doc } = await page('/contact');
    const held = doc.querySelector('template#page-modules')?.innerHTML ?? '';
    expect(held).toMatch(/<script type="module"[^>]* src="[^"]+"/);
    // Nothing outside it fetches a script before the first paint.
    expect(doc.querySelectorAll('script[src], link[rel="modulepreload"]')).toHaveLength(0);
  });

  it('/course lists every course', async () => {
    const { doc } = await page('/course');
    for (const c of fixtureContent.courses) expect(text(doc)).toContain(c.title);
    expect(doc.title).toBe('DevCourses | course');
  });

  it('/course/{id}: title, description and the lesson list', async () => {
    const { doc } = await page(`/course/${course._id}`);
    expect(text(doc, 'h1')).toContain(course.title);
    expect(text(doc)).toContain('About A');
    const lessonsListed = [...doc.querySelectorAll('.lesson-list a')].map((a) => a.textContent);
    expect(lessonsListed.join(' ')).toContain('A1');
    expect(lessonsListed).toHaveLength(3);
  });

  it('a lesson page: its title, description, lesson list, and the signed-out comments invitation', async () => {
    const lesson = course.lessonlist[1];
    const { doc } = await page(`/course/${course._id}/${lesson._id}`);
    expect(text(doc, 'h1')).toBe('A2');
    expect(text(doc)).toContain('second');
    expect(doc.querySelectorAll('.lesson-sidebar a')).toHaveLength(3);
    expect(text(doc)).toContain(TEXT.loginForComments);
  });

  it("a lesson's transcript is in the HTML when its captions are the site's own file, as text", async () => {
    const [first, second] = course.lessonlist;
    const { doc } = await page(`/course/${course._id}/${first._id}`);
    const cues = [...doc.querySelectorAll('.transcript__cue')].map((cue) => cue.textContent);
    expect(cues).toEqual(['0:00 First bold & spoken', '0:02 Then x']);
    expect(doc.querySelector('.transcript__cue b, .transcript script')).toBeNull();
    // Captions on another host are not fetched while rendering: the browser loads them after hydration.
    const other = (await page(`/course/${course._id}/${second._id}`)).doc;
    expect(other.querySelector('.transcript__cue')).toBeNull();
    expect(text(other, '.transcript')).toContain('Loading the transcript');
  });

  it('/tutorial, /tutorial/{id}, /blog/, /blog/{id} and /contact', async () => {
    expect(text((await page('/tutorial')).doc)).toContain('Tutorial Two');
    const tutorialPage = (await page(`/tutorial/${tutorial._id}`)).doc;
    expect(text(tutorialPage, 'h1')).toContain(tutorial.title);
    expect(tutorialPage.querySelector('#root pre code')?.textContent).toBe('x < 1');
    const blogList = (await page('/blog/')).doc;
    expect(text(blogList)).toContain('Middle post');
    const blogPage = (await page(`/blog/${post._id}`)).doc;
    expect(text(blogPage, 'h1')).toContain('Newest post');
    expect(text(blogPage)).toContain('new');
    expect(text((await page('/contact')).doc, 'h1')).not.toBe('');
  });

  it('/bugs, rendered signed out (the server has no session): Premium users only and an invitation to log in', async () => {
    const { doc } = await page('/bugs');
    expect(text(doc, 'h1')).toBe(TEXT.premiumOnly);
    expect(doc.querySelector('#main a[href="/login"]')?.textContent).toBe('Log in');
    expect(text(doc, 'body')).not.toContain('needs JavaScript');
    expect(doc.title).toBe('DevCourses | bugs');
    // Handed over for hydration like every rendered page (it reads no data signed out).
    expect(doc.getElementById('ssr-state')?.getAttribute('type')).toBe('application/json');
  });

  it.each([
    ['an unknown path', '/no/such/page'],
    ['an unknown course', '/course/00000000-0000-4000-8000-000000000000'],
    ['a malformed course id', '/course/not-an-id'],
    ['a draft course', () => `/course/${draftCourseId}`],
    ['a lesson of a draft course', () => `/course/${draftCourseId}/${draftLessonId}`],
    ['a draft lesson of a published course', () => `/course/${course._id}/${draftLessonOfPublishedId}`],
    ['an unknown lesson', () => `/course/${course._id}/00000000-0000-4000-8000-000000000000`],
    ['an unknown tutorial', '/tutorial/00000000-0000-4000-8000-000000000000'],
    ['a draft post', () => `/blog/${draftBlogId}`],
  ])('%s answers 404 with the 404 view', async (_name, url) => {
    const { doc, res } = await page(typeof url === 'string' ? url : url(), 404);
    expect(text(doc, 'h1')).toBe(TEXT.notFoundTitle);
    expect(res.body).not.toContain('Secret draft');
    expect(res.body).not.toContain('Hidden lesson');
    expect(meta(doc, 'robots')).toBe('noindex');
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it('pages are compressed like every other answer', async () => {
    const res = await t.app.inject({ url: '/course', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const missing = await t.app.inject({ url: '/no/such/page', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('br');
  });

  it('account pages and the Studio keep the plain app shell', async () => {
    for (const url of ['/login', '/studio', '/user/verify/abc', '/learning']) {
      const { doc } = await page(url);
      expect(doc.querySelector('#root')?.childNodes).toHaveLength(0);
    }
  });

  it('answers bad addresses with a clear 4xx, never a 500', async () => {
    expect((await get('/%ff')).statusCode).toBe(400);
    expect((await get('/course/%E0%A4%A')).statusCode).toBe(400);
    expect((await get(`/course/${'a'.repeat(5000)}`)).statusCode).toBe(414);
    // A NUL character is refused in any address before a page is looked for.
    expect((await get('/blog/%00')).statusCode).toBe(400);
    for (const url of ['/course/..%2F..%2Fetc%2Fpasswd', '/course/%3Cscript%3E/x', '//', '/course//']) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, url).toBeLessThan(500);
      // The template's two bare <script>s (the theme, the starter); the path is never reflected as markup.
      expect(res.body.match(/<script>/g), url).toHaveLength(2);
    }
  });
});

describe('what each page says about itself', () => {
  it('every page has its own description, a canonical from PUBLIC_URL and share tags', async () => {
    const seen = new Set<string>();
    const urls = ['/', '/course', `/course/${course._id}`, '/tutorial', `/tutorial/${tutorial._id}`, '/blog/', '/bugs'];
    for (const url of urls) {
      const { doc } = await page(url);
      const description = meta(doc, 'description');
      expect(description, url).toBeTruthy();
      seen.add(description ?? '');
      const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute('href');
      expect(canonical, url).toBe(`${SITE}${url === '/blog/' ? '/blog/' : url}`);
      expect(meta(doc, 'og:url')).toBe(canonical);
      for (const key of ['og:title', 'og:description', 'og:image', 'og:type', 'twitter:card', 'twitter:image'])
        expect(meta(doc, key), `${url} ${key}`).toBeTruthy();
      expect(meta(doc, 'og:image')).toMatch(new RegExp(`^${SITE}/`));
      expect(doc.querySelectorAll('meta[name="description"]')).toHaveLength(1);
      expect(doc.querySelectorAll('title')).toHaveLength(1);
    }
    expect(seen.size).toBe(urls.length);
  });

  it('the RSS feed is announced on every page', async () => {
    const { doc } = await page('/contact');
    expect(doc.querySelector('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute('href')).toBe(
      '/rss.xml',
    );
  });

  it('a course page: its cover as the share image, Course and BreadcrumbList JSON-LD', async () => {
    const { doc } = await page(`/course/${course._id}`);
    expect(meta(doc, 'og:image')).toBe(`${SITE}${course.cover}`);
    expect(meta(doc, 'og:title')).toBe(course.title);
    const data = ofType(doc, 'Course');
    expect(data).toMatchObject({ '@context': 'https://schema.org', name: course.title, description: 'About A' });
    expect(data?.provider).toMatchObject({ '@type': 'Organization', name: 'DevCourses' });
    const crumbs = ofType(doc, 'BreadcrumbList') as { itemListElement: { position: number; item: string }[] };
    expect(crumbs.itemListElement.map((i) => i.position)).toEqual([1, 2, 3]);
    expect(crumbs.itemListElement.at(-1)?.item).toBe(`${SITE}/course/${course._id}`);
  });

  it('a lesson page: VideoObject with name, description, thumbnail, upload date and the video', async () => {
    const lesson = course.lessonlist[0];
    const { doc } = await page(`/course/${course._id}/${lesson._id}`);
    const video = ofType(doc, 'VideoObject');
    expect(video).toMatchObject({
      name: 'A1',
      description: 'first',
      thumbnailUrl: [`${SITE}${course.cover}`],
      contentUrl: `${SITE}${lesson.link}`,
    });
    // Google's video rich results require uploadDate beside name and thumbnailUrl: an ISO 8601 time, not in the future.
    const uploaded = new Date(String(video?.uploadDate));
    expect(uploaded.toISOString()).toBe(video?.uploadDate);
    expect(uploaded.getTime()).toBeLessThanOrEqual(Date.now());
    expect(ofType(doc, 'BreadcrumbList')).toBeTruthy();
    expect(meta(doc, 'og:type')).toBe('video.other');
  });

  it('a tutorial page: its image as the share image; a post: BlogPosting with headline and datePublished', async () => {
    const tutorialDoc = (await page(`/tutorial/${tutorial._id}`)).doc;
    expect(meta(tutorialDoc, 'og:image')).toBe(`${SITE}${tutorial.image}`);
    expect(ofType(tutorialDoc, 'BreadcrumbList')).toBeTruthy();
    const postDoc = (await page(`/blog/${post._id}`)).doc;
    const posting = ofType(postDoc, 'BlogPosting');
    expect(posting).toMatchObject({ headline: 'Newest post', datePublished: post.date });
    expect(new Date(String(posting?.datePublished)).toISOString()).toBe(post.date);
    expect(meta(postDoc, 'og:image')).toBe(`${SITE}/og-card.png`);
    // The default card is a real 1200 × 630 PNG in public/ (share previews do not show SVG).
    const card = fs.readFileSync(path.join(import.meta.dirname, '../../public/og-card.png'));
    expect(card.subarray(1, 4).toString()).toBe('PNG');
    expect([card.readUInt32BE(16), card.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(ofType(postDoc, 'BreadcrumbList')).toBeTruthy();
  });

  it('hands the page data to the browser, in a script that cannot be broken out of', async () => {
    const { doc } = await page(`/course/${course._id}`);
    const script = doc.getElementById('ssr-state');
    expect(script?.getAttribute('type')).toBe('application/json');
    const state = JSON.parse(script?.textContent ?? '') as {
      queries: { queryKey: unknown[]; state: { data: unknown } }[];
    };
    const handed = state.queries.find((q) => q.queryKey[0] === 'course');
    expect(handed?.queryKey).toEqual(['course', course._id]);
    expect(handed?.state.data).toEqual(course);
    expect(script?.textContent).not.toContain('<');
  });

  it('hands a lesson page its lesson whole and the other lessons without their descriptions', async () => {
    const [first, second] = course.lessonlist;
    const answer = (await get(`/api/lession/getLession/${course._id}/${second._id}`)).json<LessonPage>();
    // The call keeps its shape: every lesson of the list with its description.
    expect(answer.lessionList.map((lesson) => lesson.description)).toEqual(
      course.lessonlist.map((lesson) => lesson.description),
    );
    const { doc } = await page(`/course/${course._id}/${second._id}`);
    const state = JSON.parse(doc.getElementById('ssr-state')?.textContent ?? '') as {
      queries: { queryKey: unknown[]; state: { data: LessonPage } }[];
    };
    const handed = state.queries.find((q) => q.queryKey[0] === 'lesson');
    expect(handed?.queryKey).toEqual(['lesson', course._id, second._id]);
    expect(handed?.state.data.course).toEqual(answer.course);
    expect(handed?.state.data.lessionList).toEqual(
      answer.lessionList.map(({ description: _description, ...item }) => item),
    );
    expect(JSON.stringify(state)).not.toContain(JSON.stringify(first.description));
    // The page still shows the lesson's own description.
    expect(text(doc, '.lesson-main')).toContain(text(parseHtml(second.description), 'body').trim().slice(0, 30));
  });
});

describe('the page cache', () => {
  it('keeps a page until the content changes, then renders it afresh', async () => {
    const url = `/blog/${post._id}`;
    const first = await get(url);
    expect((await get(url)).body).toBe(first.body);
    await t.database.db.update(blogs).set({ title: 'Renamed post' }).where(eq(blogs.id, post._id));
    expect((await get(url)).body).toBe(first.body);
    t.app.contentChanged();
    const after = parseHtml((await get(url)).body);
    expect(text(after, 'h1')).toContain('Renamed post');
    await t.database.db.update(blogs).set({ title: 'Newest post' }).where(eq(blogs.id, post._id));
    t.app.contentChanged();
  });

  it('keeps a page as the bytes sent: the same page, its ETag, a 304 for a browser that has it', async () => {
    t.app.contentChanged();
    const first = await get('/course');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(t.app.cachedAnswers.keeps('/course')).toBe(true);
    const second = await http({ url: '/course' });
    expect(second.body).toBe(first.body);
    expect(second.headers).toMatchObject({
      etag,
      'cache-control': 'no-cache',
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': first.headers['content-security-policy'],
    });
    const revalidated = await http({ url: '/course', headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    // A query is the client's to vary: such an address is rendered from the page cache, never kept as bytes.
    expect((await get('/course?utm_source=mail')).body).toBe(first.body);
    expect(t.app.cachedAnswers.keeps('/course?utm_source=mail')).toBe(false);
  });

  it('sends a kept page compressed, as made once, to a browser that asks', async () => {
    t.app.contentChanged();
    const plain = (await get('/course')).body;
    for (const encoding of ['br', 'gzip'] as const) {
      // The first request that asks has the page compressed as it is sent while its kept form is made.
      await vi.waitFor(async () => {
        const res = await http({ url: '/course', headers: { 'accept-encoding': `${encoding}, deflate` } });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
        expect(res.headers.vary).toBe('accept-encoding');
        const unzip = encoding === 'br' ? zlib.brotliDecompressSync : zlib.gunzipSync;
        expect(unzip(res.rawPayload).toString()).toBe(plain);
      });
    }
  });

  it("keeps no reader's own data: a page first asked for by a signed-in learner is the signed-out page", async () => {
    const learner = await createUser(t.database.db, { name: 'Private Person', email: 'private-person@example.test' });
    t.app.contentChanged();
    const asLearner = await t.app.inject({ url: '/course', headers: { 'auth-token': learner.token } });
    const kept = await get('/course');
    t.app.contentChanged();
    const signedOut = await get('/course');
    // Two renders of the same content are the same bytes, whenever their data was read.
    expect(kept.body).toBe(asLearner.body);
    expect(kept.headers.etag).toBe(signedOut.headers.etag);
    for (const page of [asLearner.body, kept.body]) {
      expect(page).toBe(signedOut.body);
      expect(page).not.toContain('Private Person');
      expect(page).not.toContain('private-person@example.test');
      expect(page).not.toContain(learner.token);
    }
  });
});
