// Moderation: an admin deletes any bug or solution through the existing calls, and the audit trail
// records it; authors and learners still delete only their own.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bug, Comment } from '../../../shared/contract';
import { auditLog, bugComments, bugs } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { callerOf } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let owner: TestUser;
let author: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.database.db, { name: 'Olive Owner' });
  author = await createUser(t.database.db, { name: 'Arthur Author', role: 'author' });
  admin = await createUser(t.database.db, { name: 'Ada Admin', role: 'admin' });
});
afterAll(() => t.close());

const call = callerOf(() => t.app);

async function postBug(title: string): Promise<Bug> {
  const res = await call('POST', '/api/bug/addbug', owner, { title, description: '<p>It breaks</p>' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Bug>();
}

async function postSolution(bugId: string, content: string): Promise<Comment> {
  const res = await call('POST', '/api/bug/addcomment', owner, { bug: bugId, content });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Comment>();
}

const auditOf = (entityId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));

describe('deleting another user’s bug', () => {
  it('is refused to an author (403) and the bug stays', async () => {
    const bug = await postBug('Author cannot remove this');
    const res = await call('DELETE', `/api/bug/deletebug/${bug._id}`, author);
    expect(res.statusCode).toBe(403);
    expect(await t.database.db.select().from(bugs).where(eq(bugs.id, bug._id))).toHaveLength(1);
  });

  it('works for an admin, answers the bug with its owner, and is audited', async () => {
    const bug = await postBug('Spam spam spam');
    await postSolution(bug._id, '<p>a reply that goes with it</p>');
    const res = await call('DELETE', `/api/bug/deletebug/${bug._id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Bug>()).toMatchObject({ _id: bug._id, title: 'Spam spam spam', user: { name: 'Olive Owner' } });
    expect(await t.database.db.select().from(bugs).where(eq(bugs.id, bug._id))).toHaveLength(0);
    expect(await t.database.db.select().from(bugComments).where(eq(bugComments.bugId, bug._id))).toHaveLength(0);
    const [entry] = await auditOf(bug._id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorName: 'Ada Admin',
      action: 'delete',
      entity: 'bug',
      beforeTitle: 'Spam spam spam',
      afterTitle: null,
    });
  });

  it('answers 404 to an admin for an unknown or already deleted bug', async () => {
    const bug = await postBug('Twice');
    expect((await call('DELETE', `/api/bug/deletebug/${bug._id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/bug/deletebug/${bug._id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/bug/deletebug/not-an-id', admin)).statusCode).toBe(404);
  });

  it('does not audit an admin deleting their own bug', async () => {
    const res = await call('POST', '/api/bug/addbug', admin, { title: 'Mine', description: '<p>x</p>' });
    const bug = res.json<Bug>();
    expect((await call('DELETE', `/api/bug/deletebug/${bug._id}`, admin)).statusCode).toBe(200);
    expect(await auditOf(bug._id)).toHaveLength(0);
  });
});

describe('deleting another user’s solution', () => {
  it('is refused to an author and works for an admin, audited with the start of its text', async () => {
    const bug = await postBug('Has a bad solution');
    const solution = await postSolution(bug._id, `<p>${'Buy cheap watches '.repeat(10)}</p>`);
    expect((await call('DELETE', `/api/bug/deletecomment/${solution._id}`, author)).statusCode).toBe(403);
    const res = await call('DELETE', `/api/bug/deletecomment/${solution._id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Comment>()).toMatchObject({ _id: solution._id, user: { _id: owner.id, name: 'Olive Owner' } });
    expect(await t.database.db.select().from(bugComments).where(eq(bugComments.id, solution._id))).toHaveLength(0);
    const [entry] = await auditOf(solution._id);
    expect(entry).toMatchObject({ action: 'delete', entity: 'solution', actorId: admin.id });
    expect(entry.beforeTitle).toMatch(/^Buy cheap watches Buy/);
    expect(entry.beforeTitle?.length).toBeLessThanOrEqual(80);
  });
});

describe('a role change applies to a live session at once', () => {
  it('lets a user moderate as soon as they are made admin, and not after', async () => {
    const bug = await postBug('Promotion test');
    const helper = await createUser(t.database.db, { name: 'Hana Helper' });
    expect((await call('DELETE', `/api/bug/deletebug/${bug._id}`, helper)).statusCode).toBe(403);
    // Made admin the way the site does it (the Studio's users page), which the kept sessions hear of at once.
    const admin = await createUser(t.database.db, { name: 'Ada Admin', role: 'admin' });
    expect((await call('PUT', `/api/studio/users/${helper.id}/role`, admin, { role: 'admin' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/bug/deletebug/${bug._id}`, helper)).statusCode).toBe(200);
  });
});
