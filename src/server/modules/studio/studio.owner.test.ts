// Who owns an item: admins hand any course, tutorial or blog post to an author or admin (who may then change it as
// their own); authors and learners cannot; a person who is not an author or admin cannot own content; the change is
// audited. Content without an author is the site's until then.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioBlog, StudioCourse, StudioTutorial } from '../../../shared/studio';
import { createCourse, createUser, type TestUser } from '../../test/factories';
import { call, errorOf } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { postBlog, postTutorial, UNKNOWN_ID } from './studio-test-kit';

let t: TestApp;
let admin: TestUser;
let author: TestUser;
let other: TestUser;
let learner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  admin = await createUser(db, { role: 'admin', name: 'Ada Admin' });
  author = await createUser(db, { role: 'author', name: 'Alan Author' });
  other = await createUser(db, { role: 'author', name: 'Olga Other' });
  learner = await createUser(db, { name: 'Lea Learner' });
});
afterAll(() => t.close());

type Item = StudioCourse | StudioTutorial | StudioBlog;

describe('PUT /api/studio/{kind}/{id}/owner', () => {
  it('hands a course that belongs to the site (no author) to an author, who may then change it', async () => {
    const course = await createCourse(t.database.db, { title: 'Demo course', authorId: null });
    expect((await call(t.app, 'GET', `/api/studio/courses/${course.id}`, admin)).json<Item>().author).toBeNull();
    // Until it is theirs, the author cannot change it.
    const before = call(t.app, 'PATCH', `/api/studio/courses/${course.id}`, author, { title: 'Mine', version: 1 });
    expect((await before).statusCode).toBe(403);

    const res = await call(t.app, 'PUT', `/api/studio/courses/${course.id}/owner`, admin, { userId: author.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StudioCourse>()).toMatchObject({ _id: course.id, author: { _id: author.id, name: 'Alan Author' } });
    const after = await call(t.app, 'PATCH', `/api/studio/courses/${course.id}`, author, { title: 'Mine', version: 1 });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('hands a tutorial and a blog post from one author to another (admins too may own content)', async () => {
    const tutorial = await postTutorial(t.app, author);
    const post = await postBlog(t.app, author);
    const moved = await call(t.app, 'PUT', `/api/studio/tutorials/${tutorial._id}/owner`, admin, { userId: other.id });
    expect(moved.json<StudioTutorial>().author?._id).toBe(other.id);
    const toAdmin = await call(t.app, 'PUT', `/api/studio/blogs/${post._id}/owner`, admin, { userId: admin.id });
    expect(toAdmin.json<StudioBlog>().author?._id).toBe(admin.id);
    // The former author no longer may change it.
    const refused = call(t.app, 'PATCH', `/api/studio/tutorials/${tutorial._id}`, author, { title: 'x', version: 1 });
    expect((await refused).statusCode).toBe(403);
  });

  it('records the change in the audit trail', async () => {
    const post = await postBlog(t.app, author, { title: 'Audited' });
    await call(t.app, 'PUT', `/api/studio/blogs/${post._id}/owner`, admin, { userId: other.id });
    const [entry] = (await call(t.app, 'GET', '/api/studio/audit', admin)).json<
      { action: string; entity: string; entityId: string; afterTitle: string }[]
    >();
    expect(entry).toMatchObject({
      action: 'owner',
      entity: 'blog',
      entityId: post._id,
      afterTitle: 'Audited → Olga Other',
    });
  });

  it('refuses authors (even on their own items) and learners 403, and no one 401', async () => {
    const post = await postBlog(t.app, author);
    const url = `/api/studio/blogs/${post._id}/owner`;
    expect(await errorOf(call(t.app, 'PUT', url, author, { userId: other.id }), 403)).toBeTruthy();
    expect((await call(t.app, 'PUT', url, learner, { userId: author.id })).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', url, undefined, { userId: author.id })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/api/studio/blogs/${post._id}`, admin)).json<StudioBlog>().author?._id).toBe(
      author.id,
    );
  });

  it('refuses a new owner who is not an author or admin, or no one, with a 400 naming userId; an unknown item 404', async () => {
    const post = await postBlog(t.app, author);
    const url = `/api/studio/blogs/${post._id}/owner`;
    expect(await errorOf(call(t.app, 'PUT', url, admin, { userId: learner.id }), 400)).toMatch(
      /userId: Lea Learner is not an author or admin/,
    );
    expect(await errorOf(call(t.app, 'PUT', url, admin, { userId: UNKNOWN_ID }), 400)).toMatch(/userId/);
    expect(await errorOf(call(t.app, 'PUT', url, admin, { userId: 'not-an-id' }), 400)).toMatch(/userId/);
    expect(await errorOf(call(t.app, 'PUT', url, admin, {}), 400)).toMatch(/userId/);
    expect(
      await errorOf(call(t.app, 'PUT', `/api/studio/courses/${UNKNOWN_ID}/owner`, admin, { userId: author.id }), 404),
    ).toBe('Course not found');
    expect(
      (await call(t.app, 'PUT', '/api/studio/courses/nonsense/owner', admin, { userId: author.id })).statusCode,
    ).toBe(404);
  });
});
