// A draft never reaches readers: not in the public lists, detail calls, search or comments. Publishing
// shows it at once in the same process (the read cache is cleared by the write), unpublishing hides it again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog, SearchResult } from '../../../shared/contract';
import type { StudioBlog, StudioCourse, StudioLesson, StudioTutorial } from '../../../shared/studio';
import { seedDemoContent } from '../../db/seed/seed';
import { createUser, type TestUser } from '../../test/factories';
import { fixtureContent } from '../../test/fixtures';
import { call } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addLesson, postBlog, postCourse, postTutorial } from './studio-test-kit';

let t: TestApp;
let admin: TestUser;
let reader: TestUser;
let course: StudioCourse;
let lesson: StudioLesson;
let tutorial: StudioTutorial;
let post: StudioBlog;

// One unusual word in every title, so search finds exactly these items once they are published.
const WORD = 'Quokkaflux';

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoContent(t.database.db, fixtureContent);
  admin = await createUser(t.database.db, { role: 'admin' });
  reader = await createUser(t.database.db);
  course = await postCourse(t.app, admin, { title: `${WORD} course` });
  lesson = await addLesson(t.app, admin, course._id, { title: `${WORD} lesson` });
  tutorial = await postTutorial(t.app, admin, { title: `${WORD} tutorial` });
  post = await postBlog(t.app, admin, { title: `${WORD} post` });
});
afterAll(() => t.close());

const get = (url: string, user?: TestUser) => call(t.app, 'GET', url, user);
const titles = async (url: string) => (await get(url)).json<{ title: string }[]>().map((item) => item.title);

/** What a reader sees of the four items, through every public read. */
async function readerView() {
  const search = (await get(`/api/search/${WORD}`, reader)).json<SearchResult>();
  return {
    courseList: (await titles('/api/course/getCourse')).filter((title) => title.includes(WORD)),
    tutorialList: (await titles('/api/tutorial/getTutorial')).filter((title) => title.includes(WORD)),
    blogList: (await titles('/api/blog/getBlog')).filter((title) => title.includes(WORD)),
    course: (await get(`/api/lession/getLessionList/${course._id}`)).statusCode,
    lesson: (await get(`/api/lession/getLession/${course._id}/${lesson._id}`)).statusCode,
    tutorial: (await get(`/api/tutorial/getTutorialDetail/${tutorial._id}`)).statusCode,
    post: (await get(`/api/blog/getBlogDetail/${post._id}`)).statusCode,
    search: [...search.course, ...search.tutorial].map((item) => item.title),
  };
}

const hidden = {
  courseList: [],
  tutorialList: [],
  blogList: [],
  course: 404,
  lesson: 404,
  tutorial: 404,
  post: 404,
  search: [],
};
const shown = {
  courseList: [`${WORD} course`],
  tutorialList: [`${WORD} tutorial`],
  blogList: [`${WORD} post`],
  course: 200,
  lesson: 200,
  tutorial: 200,
  post: 200,
  search: [`${WORD} course`, `${WORD} tutorial`],
};

/** Sets the status of all three items through the Studio, each on its current version. */
async function setStatus(status: 'draft' | 'published') {
  for (const [kind, id] of [
    ['courses', course._id],
    ['tutorials', tutorial._id],
    ['blogs', post._id],
  ]) {
    const current = (await get(`/api/studio/${kind}/${id}`, admin)).json<{ version: number }>();
    const res = await call(t.app, 'PATCH', `/api/studio/${kind}/${id}`, admin, { status, version: current.version });
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('drafts', () => {
  it('are created as drafts when no status is given', () => {
    expect([course.status, tutorial.status, post.status]).toEqual(['draft', 'draft', 'draft']);
    expect(post.date).toBeNull();
  });

  it('are invisible everywhere a reader looks, while the published catalogue still shows', async () => {
    expect(await readerView()).toEqual(hidden);
    expect(await titles('/api/course/getCourse')).toEqual(['Course A', 'Course B', 'Course C']);
  });

  it('appear at once when published (same process: the cached reads are cleared), and hide again when unpublished', async () => {
    // The reads above were cached; publishing must not wait for anything to expire.
    await setStatus('published');
    expect(await readerView()).toEqual(shown);
    const publishedPost = (await get(`/api/blog/getBlogDetail/${post._id}`)).json<Blog[]>()[0];
    expect(Date.now() - Date.parse(publishedPost.date)).toBeLessThan(60_000);

    await setStatus('draft');
    expect(await readerView()).toEqual(hidden);
  });

  it('take no comments on a draft course’s lessons (404), and take them once the course is published', async () => {
    const comment = () =>
      call(t.app, 'POST', '/api/lession/addcomment', reader, { lession: lesson._id, content: '<p>Nice</p>' });
    expect((await comment()).statusCode).toBe(404);
    await setStatus('published');
    expect((await comment()).statusCode).toBe(200);
    await setStatus('draft');
    expect((await comment()).statusCode).toBe(404);
    const list = await call(t.app, 'POST', '/api/lession/getcomment', reader, { lession: lesson._id });
    expect(list.statusCode).toBe(404);
  });
});
