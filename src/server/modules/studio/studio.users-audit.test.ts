// Admins find users and set roles (ADMIN_EMAILS accounts are fixed, the last admin stays), and read the audit
// trail newest first, a page at a time.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/constants';
import { type AuditEntry, studioUser, type StudioUser } from '../../../shared/studio';
import { auditLog, users } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { call, errorOf, type Method } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { UNKNOWN_ID } from './studio-test-kit';
import { USERS_MAX } from './studio-users.service';

describe('users and roles', () => {
  let t: TestApp;
  let admin: TestUser;
  const studio = (method: Method, url: string, user: TestUser, payload?: object) =>
    call(t.app, method, url, user, payload);
  const setRole = (user: TestUser, id: string, role: string) =>
    studio('PUT', `/api/studio/users/${id}/role`, user, { role });
  const find = async (q: string) =>
    (await studio('GET', `/api/studio/users?q=${encodeURIComponent(q)}`, admin)).json<StudioUser[]>();

  beforeAll(async () => {
    t = await createTestApp({ config: { adminEmails: ['boss@example.test'] } });
    admin = await createUser(t.database.db, { name: 'Ada Admin', role: 'admin' });
  });
  afterAll(() => t.close());

  it('finds users by name or email, any case, part of a word, at most 50, with their role', async () => {
    const grace = await createUser(t.database.db, {
      name: 'Grace Hopper',
      email: 'grace@navy.example',
      role: 'author',
    });
    await createUser(t.database.db, { name: 'Percent % Person', email: 'pp@example.test' });
    for (let i = 0; i < USERS_MAX + 5; i++)
      await createUser(t.database.db, { name: `Crowd ${String(i).padStart(2, '0')}` });

    const byName = await find('HOPP');
    expect(byName).toEqual([
      {
        _id: grace.id,
        name: 'Grace Hopper',
        email: 'grace@navy.example',
        role: 'author',
        bootstrapAdmin: false,
      },
    ]);
    for (const user of byName) expect(studioUser.strict().parse(user)).toEqual(user);
    expect((await find('NAVY.EX')).map((u) => u.name)).toEqual(['Grace Hopper']);
    expect((await find('%')).map((u) => u.name)).toEqual(['Percent % Person']);
    expect(await find('_')).toEqual([]);
    const crowd = await find('crowd');
    expect(crowd).toHaveLength(USERS_MAX);
    expect(crowd[0].name).toBe('Crowd 00');
    expect(await find('')).toHaveLength(USERS_MAX);
    const tooLong = await studio('GET', `/api/studio/users?q=${'x'.repeat(300)}`, admin);
    expect(tooLong.statusCode).toBe(400);
  });

  it('marks ADMIN_EMAILS accounts (any case) and shows them as admins once verified', async () => {
    const boss = await createUser(t.database.db, { name: 'The Boss', email: 'Boss@Example.test' });
    expect(await find('the boss')).toMatchObject([{ _id: boss.id, role: 'admin', bootstrapAdmin: true }]);
    const res = await setRole(admin, boss.id, 'learner');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatch(/set by ADMIN_EMAILS/);
    // The bootstrap admin is an admin in the Studio too.
    expect((await studio('GET', '/api/studio/audit', boss)).statusCode).toBe(200);
  });

  it('changes a role at once, for live sessions too, and records it in the audit', async () => {
    const lin = await createUser(t.database.db, { name: 'Lin Learner' });
    expect((await studio('GET', '/api/studio/courses', lin)).statusCode).toBe(403);
    const res = await setRole(admin, lin.id, 'author');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      _id: lin.id,
      name: 'Lin Learner',
      email: lin.email,
      role: 'author',
      bootstrapAdmin: false,
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await studio('GET', '/api/studio/courses', lin)).statusCode).toBe(200);
    expect((await setRole(admin, lin.id, 'learner')).statusCode).toBe(200);
    expect((await studio('GET', '/api/studio/courses', lin)).statusCode).toBe(403);

    const audit = (await studio('GET', '/api/studio/audit', admin)).json<AuditEntry[]>();
    expect(
      audit.filter((e) => e.entityId === lin.id).map((e) => [e.action, e.entity, e.beforeTitle, e.afterTitle]),
    ).toEqual([
      ['role', 'user', 'Lin Learner (author)', 'Lin Learner (learner)'],
      ['role', 'user', 'Lin Learner (learner)', 'Lin Learner (author)'],
    ]);
    // Setting the role a user already has changes nothing and records nothing.
    expect((await setRole(admin, lin.id, 'learner')).statusCode).toBe(200);
    const after = (await studio('GET', '/api/studio/audit', admin)).json<AuditEntry[]>();
    expect(after.filter((e) => e.entityId === lin.id)).toHaveLength(2);
  });

  it('answers 404 for unknown or malformed users and 400 for a role that does not exist', async () => {
    for (const id of [UNKNOWN_ID, 'nope', '%20']) {
      const res = await setRole(admin, encodeURIComponent(id), 'author');
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toMatch(/User not found/);
    }
    const someone = await createUser(t.database.db);
    for (const role of ['owner', '', 'ADMIN']) {
      const res = await setRole(admin, someone.id, role);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatch(/role must be one of learner, author, admin/);
    }
  });
});

describe('the last admin', () => {
  let t: TestApp;
  const setRole = (user: TestUser, id: string, role: string) =>
    call(t.app, 'PUT', `/api/studio/users/${id}/role`, user, { role });

  beforeAll(async () => {
    t = await createTestApp({ config: { adminEmails: ['root@example.test'] } });
  });
  afterAll(() => t.close());

  it('cannot be demoted; other admins (stored, or verified ADMIN_EMAILS accounts) count', async () => {
    const ada = await createUser(t.database.db, { name: 'Ada Admin', role: 'admin' });
    const last = await setRole(ada, ada.id, 'author');
    expect(last.statusCode).toBe(409);
    expect(errorOf(last)).toMatch(/Ada Admin is the last admin/);

    const ben = await createUser(t.database.db, { name: 'Ben Admin', role: 'admin' });
    expect((await setRole(ada, ben.id, 'author')).statusCode).toBe(200);
    expect((await setRole(ada, ada.id, 'learner')).statusCode).toBe(409);

    // Listed but unverified: not an admin yet, so it does not count.
    const root = await createUser(t.database.db, { email: 'root@example.test', verified: false });
    expect((await setRole(ada, ada.id, 'learner')).statusCode).toBe(409);
    await t.database.db.update(users).set({ verifiedAt: new Date() }).where(eq(users.id, root.id));
    expect((await setRole(ada, ada.id, 'learner')).statusCode).toBe(200);
    // Ada's own session lost the Studio at once; the bootstrap admin remains.
    expect((await setRole(ada, ben.id, 'admin')).statusCode).toBe(403);
    expect((await setRole(root, root.id, 'learner')).statusCode).toBe(409);
  });

  it('survives two admins demoting each other at the same time: one of them stays', async () => {
    // Only these two are admins: an app without ADMIN_EMAILS, so nobody else counts.
    const bare = await createTestApp();
    try {
      const [bx, by] = [
        await createUser(bare.database.db, { role: 'admin' }),
        await createUser(bare.database.db, { role: 'admin' }),
      ];
      const answers = await Promise.all([
        call(bare.app, 'PUT', `/api/studio/users/${by.id}/role`, bx, { role: 'learner' }),
        call(bare.app, 'PUT', `/api/studio/users/${bx.id}/role`, by, { role: 'learner' }),
      ]);
      const codes = answers.map((r) => r.statusCode).sort();
      // Either one demotion wins and the other is refused (409 last admin, or 403 once demoted), never both.
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const admins = await bare.database.db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(1);
    } finally {
      await bare.close();
    }
  });
});

describe('GET /api/studio/audit', () => {
  let t: TestApp;
  let admin: TestUser;
  const page = (before?: string) =>
    call(t.app, 'GET', `/api/studio/audit${before ? `?before=${encodeURIComponent(before)}` : ''}`, admin);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.database.db, { name: 'Ada Admin', role: 'admin' });
  });
  afterAll(() => t.close());

  it('pages back through every entry exactly once, newest first, at most a page at a time', async () => {
    // 250 entries one millisecond apart, except runs that share a millisecond across where pages end.
    const base = Date.UTC(2025, 0, 1);
    const rows = Array.from({ length: 250 }, (_, i) => {
      const ms = i >= 95 && i < 105 ? 95 : i >= 195 && i < 210 ? 195 : i;
      return {
        at: new Date(base - ms),
        actorId: admin.id,
        actorName: 'Ada Admin',
        action: 'update',
        entity: 'course',
        entityId: `entry-${String(i).padStart(3, '0')}`,
      };
    });
    await t.database.db.insert(auditLog).values(rows);

    const seen: string[] = [];
    let before: string | undefined;
    for (let guard = 0; guard < 10; guard++) {
      const res = await page(before);
      expect(res.statusCode).toBe(200);
      const entries = res.json<AuditEntry[]>();
      expect(entries.length).toBeLessThanOrEqual(LIMITS.auditPageMax);
      if (entries.length === 0) break;
      const times = entries.map((e) => Date.parse(e.at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      seen.push(...entries.map((e) => e.entityId));
      before = entries.at(-1)?.at;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(rows.map((r) => r.entityId).sort());
  });

  it('keeps the actor’s name when the account is gone', async () => {
    const gone = await createUser(t.database.db, { name: 'Gone Author', role: 'author' });
    const res = await call(t.app, 'POST', '/api/studio/blogs', gone, { title: 'Orphan', content: '<p>x</p>' });
    const postId = res.json<{ _id: string }>()._id;
    await t.database.db.delete(users).where(eq(users.id, gone.id));
    const [entry] = (await page()).json<AuditEntry[]>().filter((e) => e.entityId === postId);
    expect(entry).toMatchObject({ actor: null, actorName: 'Gone Author', action: 'create', entity: 'blog' });
    // The post outlives its author and becomes the admins' to change.
    const post = await call(t.app, 'GET', `/api/studio/blogs/${postId}`, admin);
    expect(post.json<{ author: unknown }>().author).toBeNull();
  });

  it('answers 400 for a `before` that is not a date', async () => {
    const res = await page('yesterday');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(/before/);
  });
});
