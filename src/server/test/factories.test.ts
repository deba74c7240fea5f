// The factories make rows the app reads as it reads its own: published content is listed and drafts are not, a bug's
// tags filter, a solution and a lesson comment show where readers look.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, CourseCard, CourseWithLessons } from '../../shared/contract';
import { bugPage, solutionPage } from '../../shared/contract';
import {
  createBlog,
  createBug,
  createComment,
  createCourse,
  createLesson,
  createSolution,
  createTutorial,
  createUser,
  type TestUser,
} from './factories';
import { callerOf } from './kit';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let user: TestUser;
const call = callerOf(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.database.db);
});
afterAll(() => t.close());

describe('content', () => {
  it('is published by default and a draft when asked, with its lessons in the order made', async () => {
    const { db } = t.database;
    const course = await createCourse(db, { title: 'Made' });
    const [first, second] = [
      await createLesson(db, { courseId: course.id }),
      await createLesson(db, { courseId: course.id }),
    ];
    await createCourse(db, { title: 'Hidden', status: 'draft' });
    await createTutorial(db, { title: 'Made tutorial' });
    await createBlog(db, { title: 'Made post' });
    await createBlog(db, { title: 'Draft post', status: 'draft' });

    const courses = (await call('GET', '/api/course/getCourse')).json<CourseCard[]>();
    expect(courses.map((c) => c.title)).toEqual(['Made']);
    const lessons = (await call('GET', `/api/lession/getLessionList/${course.id}`)).json<CourseWithLessons>();
    expect(lessons.lessonlist.map((l) => l._id)).toEqual([first.id, second.id]);
    const tutorials = (await call('GET', '/api/tutorial/getTutorial')).json<{ title: string }[]>();
    expect(tutorials.map((x) => x.title)).toEqual(['Made tutorial']);
    const posts = (await call('GET', '/api/blog/getBlog')).json<{ title: string }[]>();
    expect(posts.map((x) => x.title)).toEqual(['Made post']);
  });
});

describe('community', () => {
  it('makes a tagged bug, its solution and a lesson comment that the API answers', async () => {
    const { db } = t.database;
    const bug = await createBug(db, { userId: user.id, tags: ['factory'] });
    const solution = await createSolution(db, { bugId: bug.id, userId: user.id });
    const tagged = bugPage.parse((await call('GET', '/api/bug/list?tag=factory', user)).json());
    expect(tagged.bugs.map((b) => b._id)).toEqual([bug.id]);
    const page = solutionPage.parse((await call('GET', `/api/bug/${bug.id}/solutions`, user)).json());
    expect(page.solutions.map((s) => s._id)).toEqual([solution.id]);

    const course = await createCourse(db);
    const lesson = await createLesson(db, { courseId: course.id });
    const comment = await createComment(db, { lessonId: lesson.id, userId: user.id });
    const comments = (await call('POST', '/api/lession/getcomment', undefined, { lession: lesson.id })).json<
      Comment[]
    >();
    expect(comments.map((c) => c._id)).toEqual([comment.id]);
  });
});
