// Every read that answers rich HTML answers its code blocks highlighted (decision 0017): course and lesson
// descriptions, tutorials, posts, lesson comments, bugs and solutions; what is stored stays the sanitized HTML.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog, Bug, Comment, CourseWithLessons, LessonPage, Tutorial } from '../../shared/contract';
import { bugs, lessonComments } from '../db/schema';
import { seedDemoContent } from '../db/seed/seed';
import { createUser, type TestUser } from '../test/factories';
import { fixtureContent } from '../test/fixtures';
import { call } from '../test/kit';
import { createTestApp, type TestApp } from '../test/test-app';
import { highlightCache } from './highlight';

const JS = '<pre><code class="language-js">const a = 1 &lt; 2; // yes</code></pre>';
const PY = '<pre><code class="language-python">def f(x):\n    return x</code></pre>';
const SQL = '<pre><code>SELECT id FROM users WHERE id = 1</code></pre>';

let t: TestApp;
let alice: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoContent(t.database.db, {
    courses: [
      {
        title: 'Code course',
        cover: '/media/covers/a.svg',
        description: `<p>About</p>${JS}`,
        lessons: [{ title: 'L1', link: '/media/video/a1.webm', description: `<p>Lesson</p>${PY}` }],
      },
    ],
    tutorials: [{ ...fixtureContent.tutorials[0], content: `<h2>One</h2>${SQL}` }],
    blogs: [{ title: 'Post', date: '2024-01-01', content: `<p>Post</p>${JS}` }],
  });
  alice = await createUser(t.database.db);
});
afterAll(() => t.close());

const get = (url: string, user?: TestUser) => call(t.app, 'GET', url, user);
const post = (url: string, payload: object, user?: TestUser) => call(t.app, 'POST', url, user, payload);

/** A code block as the highlighter answers it: its language named, its tokens in spans of known kinds. */
function expectHighlighted(html: string, language: string, text: RegExp) {
  expect(html).toContain(`<pre><code class="language-${language}">`);
  expect(html).toMatch(/<span class="hl-keyword">/);
  expect(html.replace(/<\/?span[^>]*>/g, '')).toMatch(text);
}

describe('highlighted reads', () => {
  it('course and lesson descriptions, tutorials and posts (read-cached)', async () => {
    const [course] = (await get('/api/course/getCourse')).json<{ _id: string; description: string }[]>();
    expectHighlighted(course.description, 'javascript', /const a = 1 &lt; 2; \/\/ yes/);

    const withLessons = (await get(`/api/lession/getLessionList/${course._id}`)).json<CourseWithLessons>();
    expectHighlighted(withLessons.description, 'javascript', /const a/);
    expectHighlighted(withLessons.lessonlist[0].description, 'python', /def f\(x\):\n {4}return x/);
    const lessonUrl = `/api/lession/getLession/${course._id}/${withLessons.lessonlist[0]._id}`;
    expectHighlighted((await get(lessonUrl)).json<LessonPage>().course[0].description, 'python', /def f/);

    const [tutorial] = (await get('/api/tutorial/getTutorial')).json<Tutorial[]>();
    // No class: the heuristic recognizes SQL.
    expectHighlighted(tutorial.content, 'sql', /SELECT id FROM users/);
    const detail = (await get(`/api/tutorial/getTutorialDetail/${tutorial._id}`)).json<Tutorial[]>();
    expect(detail[0].content).toBe(tutorial.content);

    const [blog] = (await get('/api/blog/getBlog')).json<Blog[]>();
    expectHighlighted(blog.content, 'javascript', /const a/);
    const blogDetail = (await get(`/api/blog/getBlogDetail/${blog._id}`)).json<Blog[]>();
    expect(blogDetail[0].content).toBe(blog.content);
  });

  it('lesson comments: the new comment and the list answer highlighted, the row stays as sanitized', async () => {
    const [course] = (await get('/api/course/getCourse')).json<{ _id: string }[]>();
    const lesson = (await get(`/api/lession/getLessionList/${course._id}`)).json<CourseWithLessons>().lessonlist[0];
    const added = await post('/api/lession/addcomment', { lession: lesson._id, content: `<p>Try</p>${PY}` }, alice);
    expect(added.statusCode, added.body).toBe(200);
    expectHighlighted(added.json<Comment>().content, 'python', /def f/);
    const [listed] = (await post('/api/lession/getcomment', { lession: lesson._id })).json<Comment[]>();
    expect(listed.content).toBe(added.json<Comment>().content);

    const [row] = await t.database.db
      .select({ content: lessonComments.content })
      .from(lessonComments)
      .where(eq(lessonComments.id, listed._id));
    expect(row.content).toBe(`<p>Try</p>${PY}`);
  });

  it('bugs and solutions, in the list, the detail and the answers to adding them', async () => {
    const created = await post('/api/bug/addbug', { title: 'Crash', description: `<p>Steps</p>${JS}` }, alice);
    expect(created.statusCode, created.body).toBe(200);
    const bug = created.json<Bug>();
    expectHighlighted(bug.description, 'javascript', /const a/);
    const { userBugs } = (await get('/api/bug/getbug', alice)).json<{ userBugs: Bug[] }>();
    expect(userBugs.find((b) => b._id === bug._id)?.description).toBe(bug.description);
    expect((await get(`/api/bug/getBugDetail/${bug._id}`)).json<Bug[]>()[0].description).toBe(bug.description);

    const solution = await post('/api/bug/addcomment', { bug: bug._id, content: `<p>Fix</p>${SQL}` }, alice);
    expect(solution.statusCode, solution.body).toBe(200);
    expectHighlighted(solution.json<Comment>().content, 'sql', /SELECT/);
    const [listed] = (await post('/api/bug/getcomment', { bug: bug._id })).json<Comment[]>();
    expect(listed.content).toBe(solution.json<Comment>().content);

    const [row] = await t.database.db.select({ description: bugs.description }).from(bugs).where(eq(bugs.id, bug._id));
    expect(row.description).toBe(`<p>Steps</p>${JS}`);
  });

  it('a read of user content that is not read-cached highlights from the content-hash cache', async () => {
    const { userBugs } = (await get('/api/bug/getbug', alice)).json<{ userBugs: Bug[] }>();
    const hits = highlightCache.hits;
    const again = (await get('/api/bug/getbug', alice)).json<{ userBugs: Bug[] }>();
    expect(again.userBugs).toEqual(userBugs);
    expect(highlightCache.hits).toBeGreaterThan(hits);
  });
});
