// Publishing reaches every process's read cache within 1 s. On PostgreSQL (DATABASE_URL set): two
// apps on one database, each with its own pool and LISTEN connection; a publish through A shows through B. On
// PGlite: a NOTIFY on the channel clears the cache of the app that hears it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Course } from '../../../shared/contract';
import { CONTENT_CHANNEL } from '../../plugins/content-cache';
import { createCourse, createUser } from '../../test/factories';
import { call } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { twoAppProcesses } from '../../test/two-app-processes';
import { timeWithin } from '../../test/within';
import { postCourse } from './studio-test-kit';

const target = inject('testDb');

const courseTitles = async (app: TestApp['app']) =>
  (await call(app, 'GET', '/api/course/getCourse')).json<Course[]>().map((c) => c.title);

describe('a NOTIFY on the content channel (any database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('clears the read cache of the app that hears it', async () => {
    expect(await courseTitles(t.app)).toEqual([]);
    // Written behind the app's back: the cached list does not know of it.
    await createCourse(t.database.db, { title: 'Behind the back' });
    expect(await courseTitles(t.app)).toEqual([]);
    await t.database.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, '')`);
    expect(await timeWithin(1_000, async () => (await courseTitles(t.app)).includes('Behind the back'))).not.toBeNull();
  });
});

describe.runIf(target.kind === 'postgres')('two app processes on one PostgreSQL database', () => {
  const { apps, databases } = twoAppProcesses('devc_t_');

  it('shows a course published through A in B’s cached list within 1 s', async () => {
    const [a, b] = apps;
    const admin = await createUser(databases[0].db, { role: 'admin' });
    const course = await postCourse(a, admin, { title: 'Across processes' });
    // B reads (and caches) the list without the draft.
    expect(await courseTitles(b)).not.toContain('Across processes');
    expect(await courseTitles(b)).not.toContain('Across processes');

    const publish = await call(a, 'PATCH', `/api/studio/courses/${course._id}`, admin, {
      status: 'published',
      version: course.version,
    });
    expect(publish.statusCode).toBe(200);
    const took = await timeWithin(1_000, async () => (await courseTitles(b)).includes('Across processes'));
    expect(took, 'B still served its cached list after 1 s').not.toBeNull();

    // And unpublishing hides it from B again, just as fast.
    const unpublish = await call(a, 'PATCH', `/api/studio/courses/${course._id}`, admin, {
      status: 'draft',
      version: course.version + 1,
    });
    expect(unpublish.statusCode).toBe(200);
    expect(await timeWithin(1_000, async () => !(await courseTitles(b)).includes('Across processes'))).not.toBeNull();
  });

  it('serves no stale list while a process’s LISTEN connection is down: a change it could not hear still shows', async () => {
    const [, b] = apps;
    expect(await courseTitles(b)).not.toContain('Unheard');
    // Drop every LISTEN connection on this database (A's and B's); they reconnect by themselves.
    await databases[0].db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    // Written with no NOTIFY at all: only a process that stopped caching (or reloaded on reconnect) can show it.
    await createCourse(databases[0].db, { title: 'Unheard' });
    expect(await timeWithin(1_000, async () => (await courseTitles(b)).includes('Unheard'))).not.toBeNull();
  });
});
