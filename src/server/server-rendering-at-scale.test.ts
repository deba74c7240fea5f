// A server-rendered page is complete HTML at any catalogue size: with 50 courses, 100 posts and a course of 30 lessons,
// every card, post and lesson is in the page's markup itself (read with a DOM parser, no script run), exactly once,
// and the page carries no inline script but the template's own, which the page's CSP allows by their hashes. React
// streams a large Suspense boundary's content after its fallback and swaps it in with an inline script (`$RC`),
// which the CSP blocks: with JavaScript off the page showed its loading state, with it on a hydration error.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog, CourseCard, CourseWithLessons, Tutorial } from '../shared/contract';
import { createPageRenderer } from '../web/entry-server';
import { seedDemoContent, type SeedContent } from './db/seed/seed';
import { createRenderingTestApp, parseHtml } from './test/rendering-test-app';
import type { TestApp } from './test/test-app';

const COURSES = 50;
const POSTS = 100;
const TUTORIALS = 30;
const LESSONS = 30;

// Texts of a realistic length: a page of them is far larger than React's progressive chunk size.
const prose = (name: string) =>
  `<p>${name}: ${'Types, closures, modules and the event loop, step by step with examples you can run. '.repeat(3)}</p>`;

const content: SeedContent = {
  courses: Array.from({ length: COURSES }, (_, i) => ({
    title: `Scale course ${i + 1}`,
    cover: `/media/covers/${i + 1}.svg`,
    description: prose(`Course ${i + 1}`),
    lessons: Array.from({ length: i === 0 ? LESSONS : 2 }, (_, j) => ({
      title: `Scale lesson ${i + 1}.${j + 1}`,
      link: `/media/video/${i + 1}-${j + 1}.webm`,
      description: prose(`Lesson ${j + 1}`),
      duration: 60 + j,
    })),
  })),
  tutorials: Array.from({ length: TUTORIALS }, (_, i) => ({
    title: `Scale tutorial ${i + 1}`,
    image: `/media/tutorials/${i + 1}.svg`,
    content: prose(`Tutorial ${i + 1}`),
  })),
  blogs: Array.from({ length: POSTS }, (_, i) => ({
    title: `Scale post ${i + 1}`,
    date: new Date(Date.UTC(2023, 0, 1 + i)).toISOString().slice(0, 10),
    content: prose(`Post ${i + 1}`),
  })),
};

let t: TestApp;
let bigCourse: CourseWithLessons;
let tutorials: Tutorial[];
let posts: Blog[];

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The page at `url`, after checking that it is whole: no streamed Suspense boundary (its fallback, hidden
 *  content and swap script), and no inline script that its own CSP does not allow. */
async function wholePage(url: string) {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  const html = res.body;
  // React's markers of a boundary sent before its content was: `<!--$?-->` (pending), `<!--$!-->` (client
  // rendered), the hidden `<div hidden id="S:…">` holding the late content and the `$RC`/`$RS` swaps.
  expect(html, url).not.toMatch(/<!--\$[?!]-->/);
  expect(html, url).not.toMatch(/<div hidden id="S:/);
  expect(html, url).not.toMatch(/\$RC|\$RS|\$RX/);
  const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1].split(' ') ?? [];
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
    ([, attributes]) => !/\bsrc\s*=/i.test(attributes) && !/\btype="application\/(?:ld\+)?json"/i.test(attributes),
  );
  // The template's two (the theme applied before the first paint, the starter), each allowed by its hash.
  expect(inline, url).toHaveLength(2);
  for (const [, , body] of inline)
    expect(scriptSrc, url).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  return parseHtml(html);
}
type Doc = ReturnType<typeof parseHtml>;
const titles = (doc: Doc, selector: string) => [...doc.querySelectorAll(selector)].map((el) => el.textContent);

beforeAll(async () => {
  t = await createRenderingTestApp(createPageRenderer, { config: { publicUrl: 'https://devcourses.example' } });
  await seedDemoContent(t.database.db, content);
  const list = (await get('/api/course/getCourse')).json<CourseCard[]>();
  const first = list.find((course) => course.title === 'Scale course 1');
  if (!first) throw new Error('the seeded course is missing');
  bigCourse = (await get(`/api/lession/getLessionList/${first._id}`)).json<CourseWithLessons>();
  tutorials = (await get('/api/tutorial/getTutorial')).json<Tutorial[]>();
  posts = (await get('/api/blog/getBlog')).json<Blog[]>();
});
afterAll(() => t?.close());

describe('server-rendered pages of a large catalogue', () => {
  it('/course: all 50 course cards, once each', async () => {
    const doc = await wholePage('/course');
    expect(titles(doc, '#root .card__title').sort()).toEqual(content.courses.map((c) => c.title).sort());
  });

  it('/blog/: all 100 posts, once each', async () => {
    expect(posts).toHaveLength(POSTS);
    const doc = await wholePage('/blog/');
    expect(titles(doc, '#root .card__title').sort()).toEqual(posts.map((p) => p.title).sort());
  });

  it('/tutorial: every tutorial, once each', async () => {
    const doc = await wholePage('/tutorial');
    expect(titles(doc, '#root .card__title').sort()).toEqual(tutorials.map((p) => p.title).sort());
  });

  it('a course of 30 lessons: every lesson, in order, on its page and in a lesson page’s list', async () => {
    expect(bigCourse.lessonlist).toHaveLength(LESSONS);
    const expected = bigCourse.lessonlist.map((lesson) => lesson.title);
    const coursePage = await wholePage(`/course/${bigCourse._id}`);
    expect(titles(coursePage, '#root .lesson-list__title')).toEqual(expected);
    const last = bigCourse.lessonlist[LESSONS - 1];
    const lessonPage = await wholePage(`/course/${bigCourse._id}/${last._id}`);
    expect(titles(lessonPage, '#root h1')).toEqual([last.title]);
    expect(titles(lessonPage, '#root .lesson-sidebar .lesson-list__title')).toEqual(expected);
  });

  it('the home page and a post are whole too', async () => {
    await wholePage('/');
    const doc = await wholePage(`/blog/${posts[0]._id}`);
    expect(titles(doc, '#root h1')).toEqual([posts[0].title]);
  });
});
