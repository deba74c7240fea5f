// Moderation: an admin deletes any lesson comment through the existing call, audited; an author cannot.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Comment, Course, CourseWithLessons } from '../../../shared/contract';
import { auditLog, lessonComments } from '../../db/schema';
import { seedDemoContent } from '../../db/seed/seed';
import { createUser, type TestUser } from '../../test/factories';
import { fixtureContent } from '../../test/fixtures';
import { call } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let owner: TestUser;
let author: TestUser;
let admin: TestUser;
let lessonId: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoContent(t.database.db, fixtureContent);
  owner = await createUser(t.database.db, { name: 'Olive Owner' });
  author = await createUser(t.database.db, { name: 'Arthur Author', role: 'author' });
  admin = await createUser(t.database.db, { name: 'Ada Admin', role: 'admin' });
  const [course] = (await t.app.inject({ method: 'GET', url: '/api/course/getCourse' })).json<Course[]>();
  const url = `/api/lession/getLessionList/${course._id}`;
  lessonId = (await t.app.inject({ method: 'GET', url })).json<CourseWithLessons>().lessonlist[0]._id;
});
afterAll(() => t.close());

const remove = (user: TestUser, id: string) => call(t.app, 'DELETE', `/api/lession/deletecomment/${id}`, user);

it('an author cannot delete another user’s comment; an admin can, and the audit trail says so', async () => {
  const added = await call(t.app, 'POST', '/api/lession/addcomment', owner, {
    lession: lessonId,
    content: '<p>Visit my <b>shop</b> now</p>',
  });
  const comment = added.json<Comment>();

  expect((await remove(author, comment._id)).statusCode).toBe(403);
  const res = await remove(admin, comment._id);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<Comment>()).toMatchObject({ _id: comment._id, user: { _id: owner.id, name: 'Olive Owner' } });
  expect(await t.database.db.select().from(lessonComments).where(eq(lessonComments.id, comment._id))).toHaveLength(0);

  const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, comment._id));
  expect(entries).toEqual([
    expect.objectContaining({
      actorId: admin.id,
      action: 'delete',
      entity: 'comment',
      beforeTitle: 'Visit my shop now',
    }),
  ]);
  expect((await remove(admin, comment._id)).statusCode).toBe(404);
});
