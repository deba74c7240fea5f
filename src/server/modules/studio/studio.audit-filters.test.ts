// The audit trail names where each entry's item is now (so the Studio can link to it, or not once it is gone), and
// narrows to one person, one kind of item and a span of time; a bad filter is a 400 naming the parameter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, auditEntry } from '../../../shared/studio';
import { auditLog } from '../../db/schema';
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
} from '../../test/factories';
import { callerOf, errorOf } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { UNKNOWN_ID } from './studio-test-kit';

describe('the audit trail: links and filters', () => {
  let t: TestApp;
  let admin: TestUser;
  let other: TestUser;
  const call = callerOf(() => t.app);
  const audit = async (query = '') => {
    const res = await call('GET', `/api/studio/audit${query}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditEntry[]>();
  };
  /** One entry, written at a chosen time. */
  const entry = (fields: Partial<typeof auditLog.$inferInsert> & Pick<typeof auditLog.$inferInsert, 'entity'>) =>
    t.database.db.insert(auditLog).values({
      actorId: admin.id,
      actorName: admin.name,
      action: 'update',
      entityId: UNKNOWN_ID,
      at: new Date('2026-03-10T12:00:00.000Z'),
      ...fields,
    });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.database.db, { name: 'Ada Admin', role: 'admin' });
    other = await createUser(t.database.db, { name: 'Otto Other', role: 'admin' });
  });
  afterAll(() => t.close());

  it('says where each item is now, and null once it is gone', async () => {
    const db = t.database.db;
    const course = await createCourse(db);
    const lesson = await createLesson(db, { courseId: course.id });
    const tutorial = await createTutorial(db);
    const post = await createBlog(db);
    const bug = await createBug(db, { userId: other.id });
    const solution = await createSolution(db, { bugId: bug.id, userId: other.id });
    const comment = await createComment(db, { lessonId: lesson.id, userId: other.id });
    const rows: [string, string][] = [
      ['course', course.id],
      ['lesson', lesson.id],
      ['tutorial', tutorial.id],
      ['blog', post.id],
      ['bug', bug.id],
      ['solution', solution.id],
      ['comment', comment.id],
      ['user', other.id],
      ['media', '/media/covers/x.png'],
      ['site', 'site'],
      ['course', UNKNOWN_ID],
      ['bug', 'not-a-uuid'],
    ];
    for (const [entity, entityId] of rows) await entry({ entity, entityId, at: new Date('2020-01-01T00:00:00Z') });

    const entries = await audit('?to=2020-01-01');
    for (const e of entries) expect(auditEntry.strict().parse(e)).toEqual(e);
    const items = entries.map((e) => [e.entity, e.entityId, e.item]);
    expect(items).toEqual(
      expect.arrayContaining([
        ['course', course.id, { courseId: course.id }],
        ['lesson', lesson.id, { courseId: course.id, lessonId: lesson.id }],
        ['tutorial', tutorial.id, {}],
        ['blog', post.id, {}],
        ['bug', bug.id, { bugId: bug.id }],
        ['solution', solution.id, { bugId: bug.id }],
        ['comment', comment.id, { courseId: course.id, lessonId: lesson.id }],
        ['user', other.id, {}],
        ['media', '/media/covers/x.png', {}],
        ['site', 'site', {}],
        ['course', UNKNOWN_ID, null],
        ['bug', 'not-a-uuid', null],
      ]),
    );
    expect(items).toHaveLength(rows.length);

    // A real Studio write and delete: the deleted post's entries no longer link anywhere.
    const made = await call('POST', '/api/studio/blogs', admin, { title: 'Short-lived', content: '' });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json<{ _id: string }>()._id;
    expect((await audit('?entity=blog')).find((e) => e.entityId === id)?.item).toEqual({});
    expect((await call('DELETE', `/api/studio/blogs/${id}`, admin)).statusCode).toBe(200);
    const gone = (await audit('?entity=blog')).filter((e) => e.entityId === id);
    expect(gone.map((e) => [e.action, e.item])).toEqual([
      ['delete', null],
      ['create', null],
    ]);
  });

  it('filters by person, by kind of item and by date (inclusive days or instants), and pages within the filter', async () => {
    await entry({ entity: 'tutorial', actorId: other.id, actorName: other.name, at: new Date('2025-05-01T00:00:00Z') });
    await entry({ entity: 'tutorial', at: new Date('2025-05-02T23:59:59.999Z') });
    await entry({ entity: 'course', actorId: other.id, actorName: other.name, at: new Date('2025-05-03T00:00:00Z') });
    await entry({ entity: 'lesson', actorId: other.id, actorName: other.name, at: new Date('2025-05-04T10:00:00Z') });
    const span = '&from=2025-05-01&to=2025-05-04';
    const times = (entries: AuditEntry[]) => entries.map((e) => e.at);

    expect(times(await audit(`?actor=${other.id}${span}`))).toEqual([
      '2025-05-04T10:00:00.000Z',
      '2025-05-03T00:00:00.000Z',
      '2025-05-01T00:00:00.000Z',
    ]);
    expect((await audit(`?actor=${other.id}${span}`)).every((e) => e.actor?._id === other.id)).toBe(true);
    expect(times(await audit(`?entity=tutorial${span}`))).toEqual([
      '2025-05-02T23:59:59.999Z',
      '2025-05-01T00:00:00.000Z',
    ]);
    // A day is the whole day, both ends included.
    expect(times(await audit('?from=2025-05-02&to=2025-05-03'))).toEqual([
      '2025-05-03T00:00:00.000Z',
      '2025-05-02T23:59:59.999Z',
    ]);
    // An instant is that very millisecond, with any offset.
    expect(times(await audit('?from=2025-05-03T02:00:00%2B02:00&to=2025-05-04T10:00:00.000Z'))).toEqual([
      '2025-05-04T10:00:00.000Z',
      '2025-05-03T00:00:00.000Z',
    ]);
    expect(times(await audit(`?actor=${other.id}&entity=course${span}`))).toEqual(['2025-05-03T00:00:00.000Z']);
    expect(await audit(`?actor=${UNKNOWN_ID}`)).toEqual([]);
    // `before` pages back inside the filter.
    expect(times(await audit(`?actor=${other.id}${span}&before=2025-05-03T00:00:00.000Z`))).toEqual([
      '2025-05-01T00:00:00.000Z',
    ]);
  });

  it('refuses a bad filter with a 400 naming the parameter, and anyone but an admin with a 403', async () => {
    const bad: [string, RegExp][] = [
      ['actor=nope', /actor must be a user id/],
      ['entity=planet', /entity must be one of course, lesson/],
      ['from=yesterday', /from must be a day \(YYYY-MM-DD\) or an ISO date-time/],
      ['to=2025-02-30', /to must be a day/],
      ['to=2025-05-01T10:00:00', /to must be a day/],
      ['from=2025-05-02&to=2025-05-01', /to must not be before from/],
    ];
    for (const [query, message] of bad)
      expect(await errorOf(call('GET', `/api/studio/audit?${query}`, admin), 400)).toMatch(message);
    const author = await createUser(t.database.db, { role: 'author' });
    expect((await call('GET', `/api/studio/audit?entity=course`, author)).statusCode).toBe(403);
  });
});
