// Sessions kept for a few seconds (decision 0018) never outlive a revocation: a logout, a password change or a role
// change applies at once in the process that made it, a NOTIFY on the sessions channel clears any process that
// hears it, and on PostgreSQL a logout through one app is refused by a second app on the same database within 1 s.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { createUser, type TestUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { call } from '../test/kit';
import { twoAppProcesses } from '../test/two-app-processes';
import { type CurrentUser, SESSIONS_CHANNEL, SessionCache } from './current-user';
import { within } from '../test/within';

const target = inject('testDb');

const me = (app: FastifyInstance, user: TestUser) => call(app, 'GET', '/api/auth/me', user);

describe('SessionCache', () => {
  const ada: CurrentUser = {
    id: 'u1',
    name: 'Ada',
    email: 'ada@example.test',
    sessionId: 's1',
    role: 'learner',
    profilePublic: false,
  };
  const far = new Date(Date.now() + 3_600_000);

  it('keeps a session for its time to live, never past the session’s expiry', () => {
    const cache = new SessionCache(5_000, 10_000, () => 0);
    cache.set('h1', ada, far, cache.mark(), 1_000);
    expect(cache.get('h1', 5_999)).toEqual(ada);
    expect(cache.get('h1', 6_000)).toBeUndefined();
    cache.set('h2', ada, new Date(2_000), cache.mark(), 1_000);
    expect(cache.get('h2', 1_999)).toEqual(ada);
    expect(cache.get('h2', 2_000)).toBeUndefined();
  });

  it('keeps sessions looked up together for between half and all of its time to live, so they do not expire together', () => {
    const draws = [0, 0.5, 0.999];
    const cache = new SessionCache(4_000, 10_000, () => draws.shift() ?? 0);
    for (const hash of ['h1', 'h2', 'h3']) cache.set(hash, ada, far, cache.mark(), 0);
    const kept = (at: number) => ['h1', 'h2', 'h3'].filter((hash) => cache.get(hash, at));
    expect(kept(1_999)).toEqual(['h1', 'h2', 'h3']);
    expect(kept(2_999)).toEqual(['h1', 'h2']);
    expect(kept(3_999)).toEqual(['h1']);
    expect(kept(4_000)).toEqual([]);
  });

  it('does not keep a lookup that began before a clear (it may have read the revoked state)', () => {
    const cache = new SessionCache();
    const mark = cache.mark();
    cache.clear();
    cache.set('h1', ada, far, mark);
    expect(cache.get('h1')).toBeUndefined();
  });

  it('keeps nothing while off', () => {
    const cache = new SessionCache();
    cache.set('h1', ada, far, cache.mark());
    cache.setEnabled(false);
    expect(cache.get('h1')).toBeUndefined();
    cache.set('h1', ada, far, cache.mark());
    expect(cache.get('h1')).toBeUndefined();
  });

  it('stays bounded', () => {
    const cache = new SessionCache(5_000, 3);
    for (const hash of ['a', 'b', 'c', 'd']) cache.set(hash, ada, far, cache.mark());
    expect(['a', 'b', 'c', 'd'].filter((hash) => cache.get(hash)).length).toBeLessThanOrEqual(3);
  });
});

describe('a kept session in one app (any database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is refused right after its logout', async () => {
    const user = await createUser(t.database.db);
    expect((await me(t.app, user)).statusCode).toBe(200);
    const out = await call(t.app, 'POST', '/api/auth/logout', user);
    expect(out.statusCode).toBe(200);
    expect((await me(t.app, user)).statusCode).toBe(401);
  });

  it('carries a new role right after an admin changes it', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const learner = await createUser(t.database.db);
    expect((await me(t.app, learner)).json<{ role: string }>().role).toBe('learner');
    const set = await call(t.app, 'PUT', `/api/studio/users/${learner.id}/role`, admin, { role: 'author' });
    expect(set.statusCode).toBe(200);
    expect((await me(t.app, learner)).json<{ role: string }>().role).toBe('author');
  });

  it('is forgotten when a NOTIFY on the sessions channel arrives (a change made by another process)', async () => {
    const user = await createUser(t.database.db);
    expect((await me(t.app, user)).statusCode).toBe(200);
    // Revoked behind the app's back: the kept session still answers, until the announcement.
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await me(t.app, user)).statusCode).toBe(200);
    await t.database.db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, '')`);
    expect(await within(1_000, async () => (await me(t.app, user)).statusCode === 401)).toBe(true);
  });
});

describe.runIf(target.kind === 'postgres')('two app processes on one PostgreSQL database', () => {
  const { apps, databases } = twoAppProcesses('devc_s_');

  it('refuses in B, within 1 s, a session logged out through A', async () => {
    const [a, b] = apps;
    const user = await createUser(databases[0].db);
    expect((await me(b, user)).statusCode).toBe(200);
    expect((await me(b, user)).statusCode).toBe(200);
    const out = await call(a, 'POST', '/api/auth/logout', user);
    expect(out.statusCode).toBe(200);
    expect(await within(1_000, async () => (await me(b, user)).statusCode === 401)).toBe(true);
  });

  it('shows in B, within 1 s, a role changed through A', async () => {
    const [a, b] = apps;
    const admin = await createUser(databases[0].db, { role: 'admin' });
    const learner = await createUser(databases[0].db);
    expect((await me(b, learner)).json<{ role: string }>().role).toBe('learner');
    const set = await call(a, 'PUT', `/api/studio/users/${learner.id}/role`, admin, { role: 'author' });
    expect(set.statusCode).toBe(200);
    const [stored] = await databases[0].db.select({ role: users.role }).from(users).where(eq(users.id, learner.id));
    expect(stored.role).toBe('author');
    expect(await within(1_000, async () => (await me(b, learner)).json<{ role: string }>().role === 'author')).toBe(
      true,
    );
  });
});
