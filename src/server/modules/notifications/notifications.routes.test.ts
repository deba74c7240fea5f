// Notifications through the API: each type reaches exactly the right people (never the actor), votes group, reading
// one or all, another user's notification, preferences, watching, paging, and every bad input refused.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  type NotificationItem,
  type NotificationPage,
  notificationText,
} from '../../../shared/notifications';
import { certificates, notifications } from '../../db/schema';
import { memoryMailer } from '../../lib/mailer';
import { createCourse, createLesson, createProgress, createUser, type TestUser } from '../../test/factories';
import { callerOf, errorOf } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { certificateIssued } from './fan-out';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;
let eve: TestUser;
let author: TestUser;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp({ notifications: { mailPollMs: 0 }, outbox: { pollMs: 0, mailer: memoryMailer() } });
  const { db } = t.database;
  alice = await createUser(db, { name: 'Alice Asker' });
  bob = await createUser(db, { name: 'Bobby Solver' });
  carol = await createUser(db, { name: 'Carol Third' });
  dave = await createUser(db, { name: 'David Watcher' });
  eve = await createUser(db, { name: 'Evelyn Voter' });
  author = await createUser(db, { name: 'Arthur Author', role: 'author' });
});
afterAll(() => t.close());

const call = callerOf(() => t.app);

async function list(user: TestUser, query = ''): Promise<NotificationPage> {
  // The notifications of an answer or a comment are written just after the answer.
  await t.app.notifications.settled();
  const res = await call('GET', `/api/notifications${query}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationPage>();
}
const ofType = async (user: TestUser, type: string): Promise<NotificationItem[]> =>
  (await list(user, '?limit=100')).items.filter((i) => i.type === type);

async function askBug(user: TestUser, title = 'Hooks re-render forever'): Promise<string> {
  const res = await call('POST', '/api/bug/addbug', user, { title, description: '<p>It loops</p>' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ _id: string }>()._id;
}
async function answer(user: TestUser, bug: string): Promise<string> {
  const res = await call('POST', '/api/bug/addcomment', user, { bug, content: '<p>Use a dependency array</p>' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ _id: string }>()._id;
}
const readAll = async (...users: TestUser[]) => {
  for (const user of users) expect((await call('POST', '/api/notifications/read-all', user)).statusCode).toBe(200);
};

describe('bug.answered, watching', () => {
  it('reaches the asker and the watchers, never the one who answered; answering watches', async () => {
    const bug = await askBug(alice);
    const bobs = await answer(bob, bug);
    const [note] = await ofType(alice, 'bug.answered');
    expect(note).toMatchObject({
      type: 'bug.answered',
      read: false,
      count: 1,
      actor: { _id: bob.id, name: bob.name },
      subject: { type: 'solution', _id: bobs, title: 'Hooks re-render forever', url: `/bugs/${bug}#solution-${bobs}` },
    });
    expect(notificationText(note)).toBe('Bobby Solver answered “Hooks re-render forever”');
    expect(await ofType(bob, 'bug.answered')).toHaveLength(0);

    expect((await call('PUT', `/api/bug/${bug}/watch`, dave)).json()).toEqual({ watching: true });
    expect((await call('GET', `/api/bug/${bug}/watch`, dave)).json()).toEqual({ watching: true });
    await readAll(alice, bob, dave);
    await answer(carol, bug);
    for (const user of [alice, bob, dave])
      expect(await ofType(user, 'bug.answered')).toHaveLength(user === alice ? 2 : 1);
    expect(await ofType(carol, 'bug.answered')).toHaveLength(0);

    // Stop watching: the next answer does not reach alice.
    expect((await call('DELETE', `/api/bug/${bug}/watch`, alice)).json()).toEqual({ watching: false });
    await answer(eve, bug);
    expect(await ofType(alice, 'bug.answered')).toHaveLength(2);
    expect((await list(carol)).unread).toBe(1);
  });

  it('watch calls: unknown bug 404, no token 401', async () => {
    expect(await errorOf(call('PUT', `/api/bug/${UNKNOWN}/watch`, dave), 404)).toBe('Bug not found');
    expect(await errorOf(call('PUT', '/api/bug/nope/watch', dave), 404)).toBe('Bug not found');
    await errorOf(call('PUT', `/api/bug/${UNKNOWN}/watch`), 401);
  });

  it('a deleted bug takes its notifications with it', async () => {
    const bug = await askBug(alice, 'Deleted soon');
    await answer(bob, bug);
    const before = (await list(alice)).unread;
    expect((await call('DELETE', `/api/bug/deletebug/${bug}`, alice)).statusCode).toBe(200);
    expect((await list(alice)).unread).toBe(before - 1);
    const left = await t.database.db.select().from(notifications).where(eq(notifications.bugId, bug));
    expect(left).toHaveLength(0);
  });
});

describe('events written after the answer', () => {
  it('a queued event is written by any process later; one whose subject is gone is dropped', async () => {
    const { db } = t.database;
    const bug = await askBug(alice, 'Queued by a process that stopped');
    const [solution] = (
      (await db.execute(sql`insert into bug_comments (bug_id, user_id, content)
        values (${bug}::uuid, ${bob.id}::uuid, '<p>x</p>') returning id`)) as { rows: { id: string }[] }
    ).rows;
    // As left by a process that answered and stopped before writing: only the queued rows.
    await db.execute(sql`insert into notification_events (kind, params) values
      ('solution-added', ${JSON.stringify({ bugId: bug, solutionId: solution.id, authorId: bob.id })}::jsonb),
      ('solution-added', ${JSON.stringify({ bugId: bug, solutionId: UNKNOWN, authorId: bob.id })}::jsonb)`);
    const notes = (await ofType(alice, 'bug.answered')).filter(
      (n) => n.subject.title === 'Queued by a process that stopped',
    );
    expect(notes.map((n) => n.subject._id)).toEqual([solution.id]);
    const left = (await db.execute(sql`select count(*)::int as n from notification_events`)) as {
      rows: { n: number }[];
    };
    expect(left.rows[0].n).toBe(0);
  });
});

describe('solution.accepted and solution.voted', () => {
  it('tells the solution author once of acceptance', async () => {
    const bug = await askBug(alice, 'Accept me');
    const solution = await answer(bob, bug);
    for (let i = 0; i < 2; i++)
      expect((await call('PUT', `/api/bug/${bug}/accepted`, alice, { solution })).statusCode).toBe(200);
    const accepted = await ofType(bob, 'solution.accepted');
    expect(accepted.filter((n) => n.subject._id === solution)).toHaveLength(1);
    expect(accepted[0].actor?._id).toBe(alice.id);
    expect(await ofType(alice, 'solution.accepted')).toHaveLength(0);
  });

  it('groups votes into one unread notification per solution with a count', async () => {
    const bug = await askBug(alice, 'Vote on me');
    const solution = await answer(bob, bug);
    await readAll(bob);
    for (const voter of [carol, dave, eve])
      expect((await call('PUT', `/api/bug/comment/${solution}/vote`, voter, { value: 1 })).statusCode).toBe(200);
    // A changed mind and a down-vote do not count.
    await call('PUT', `/api/bug/comment/${solution}/vote`, eve, { value: 1 });
    await call('PUT', `/api/bug/comment/${solution}/vote`, alice, { value: -1 });
    const votes = (await ofType(bob, 'solution.voted')).filter((n) => !n.read);
    expect(votes).toHaveLength(1);
    expect(votes[0]).toMatchObject({ count: 3, actor: null, subject: { _id: solution } });
    expect(notificationText(votes[0])).toBe('3 people voted for your solution');
    expect((await list(bob)).unread).toBe(1);

    // Read: the next vote starts a new one.
    await call('POST', `/api/notifications/${votes[0]._id}/read`, bob);
    await call('PUT', `/api/bug/comment/${solution}/vote`, alice, { value: 1 });
    const unread = (await ofType(bob, 'solution.voted')).filter((n) => !n.read);
    expect(unread).toHaveLength(1);
    expect(unread[0]).toMatchObject({ count: 1, actor: { _id: alice.id } });
    expect(notificationText(unread[0])).toBe('Alice Asker voted for your solution');
  });
});

describe('lessons, courses, posts, certificates', () => {
  let courseId: string;
  let lessonId: string;
  beforeAll(async () => {
    const { db } = t.database;
    courseId = (await createCourse(db, { title: 'React', authorId: author.id })).id;
    lessonId = (await createLesson(db, { courseId, title: 'Hooks in depth' })).id;
  });

  it('lesson.commented: the others who commented on that lesson', async () => {
    const other = (await createLesson(t.database.db, { courseId, title: 'Other lesson' })).id;
    const comment = (user: TestUser, lession: string) =>
      call('POST', '/api/lession/addcomment', user, { lession, content: '<p>Nice</p>' });
    await comment(alice, lessonId);
    await comment(bob, lessonId);
    await comment(dave, other);
    await readAll(alice, bob, carol, dave);
    const res = await comment(carol, lessonId);
    expect(res.statusCode, res.body).toBe(200);
    const commentId = res.json<{ _id: string }>()._id;
    for (const user of [alice, bob]) {
      const [note] = (await ofType(user, 'lesson.commented')).filter((n) => !n.read);
      expect(note).toMatchObject({
        actor: { _id: carol.id },
        subject: { type: 'comment', _id: commentId, title: 'Hooks in depth' },
      });
      expect(note.subject.url).toBe(`/course/${courseId}/${lessonId}#comment-${commentId}`);
    }
    expect((await ofType(carol, 'lesson.commented')).filter((n) => !n.read)).toHaveLength(0);
    expect((await ofType(dave, 'lesson.commented')).filter((n) => !n.read)).toHaveLength(0);
  });

  it('course.new-lesson: the learners who started the course, once the lesson is published', async () => {
    await createProgress(t.database.db, { userId: eve.id, lessonId });
    const res = await call('POST', `/api/studio/courses/${courseId}/lessons`, author, {
      title: 'Custom hooks',
      description: '<p>Make your own</p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ _id: string }>()._id;
    // Added to a published course, it is a draft: nobody hears of it until it is published.
    expect(await ofType(eve, 'course.new-lesson')).toHaveLength(0);
    const published = await call('POST', `/api/studio/lessons/${id}/update`, author);
    expect(published.statusCode, published.body).toBe(200);
    const [note] = await ofType(eve, 'course.new-lesson');
    expect(note).toMatchObject({ subject: { type: 'lesson', _id: id, url: `/course/${courseId}/${id}` } });
    expect(notificationText(note)).toBe('New lesson: “Custom hooks”');
    expect(await ofType(dave, 'course.new-lesson')).toHaveLength(0);
    expect(await ofType(author, 'course.new-lesson')).toHaveLength(0);
  });

  it('blog.new-post: only those who turned it on', async () => {
    const put = await call('PUT', '/api/notifications/preferences', dave, { types: { 'blog.new-post': 'digest' } });
    expect(put.statusCode, put.body).toBe(200);
    const res = await call('POST', '/api/studio/blogs', author, {
      title: 'Release notes',
      content: '<p>New</p>',
      status: 'published',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [note] = await ofType(dave, 'blog.new-post');
    expect(note.subject).toMatchObject({ type: 'blog', title: 'Release notes' });
    for (const user of [alice, bob, carol, eve, author]) expect(await ofType(user, 'blog.new-post')).toHaveLength(0);
    // Unpublished and published again: not news twice.
    const post = res.json<{ _id: string; version: number }>();
    const draft = await call('PATCH', `/api/studio/blogs/${post._id}`, author, {
      status: 'draft',
      version: post.version,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const again = await call('PATCH', `/api/studio/blogs/${post._id}`, author, {
      status: 'published',
      version: draft.json<{ version: number }>().version,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await ofType(dave, 'blog.new-post')).toHaveLength(1);
  });

  it('certificate.issued: its learner', async () => {
    const { db } = t.database;
    const [row] = await db
      .insert(certificates)
      .values({
        code: 'AAAAAAAAAAAAAAAAAAAAAA',
        userId: eve.id,
        courseId,
        learnerName: eve.name,
        courseTitle: 'React',
        lessons: 1,
        hoursWatched: 1,
        exercisesPassed: 0,
        quizzesPassed: 0,
      })
      .returning();
    await certificateIssued(db, { code: row.code });
    const [note] = await ofType(eve, 'certificate.issued');
    expect(note).toMatchObject({ actor: null, subject: { type: 'certificate', url: `/certificates/${row.code}` } });
    expect(notificationText(note)).toBe('Your certificate for “React” is ready');
  });
});

describe('reading and listing', () => {
  it('reads one and all; another user’s is 404; answers the unread count', async () => {
    const bug = await askBug(alice, 'Read me');
    await answer(bob, bug);
    await answer(carol, bug);
    const { items, unread } = await list(alice);
    expect(unread).toBeGreaterThanOrEqual(2);
    const first = items[0];
    expect(await errorOf(call('POST', `/api/notifications/${first._id}/read`, bob), 404)).toBe(
      'Notification not found',
    );
    await errorOf(call('POST', `/api/notifications/${UNKNOWN}/read`, alice), 404);
    await errorOf(call('POST', '/api/notifications/x/read', alice), 404);
    const once = await call('POST', `/api/notifications/${first._id}/read`, alice);
    expect(once.json()).toEqual({ unread: unread - 1 });
    expect((await call('POST', `/api/notifications/${first._id}/read`, alice)).json()).toEqual({ unread: unread - 1 });
    expect((await call('GET', '/api/notifications/unread', alice)).json()).toEqual({ unread: unread - 1 });
    expect((await call('POST', '/api/notifications/read-all', alice)).json()).toEqual({ unread: 0 });
    expect((await list(alice)).items.every((i) => i.read)).toBe(true);
  });

  it('pages newest first with a cursor, never repeating', async () => {
    const all = (await list(alice, '?limit=100')).items;
    expect(all.length).toBeGreaterThan(3);
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: NotificationPage = await list(
        alice,
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.items.map((i) => i._id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(all.map((i) => i._id));
    const times = all.map((i) => Date.parse(i.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it('refuses bad input: no token 401, limit out of range, bad cursor 400', async () => {
    await errorOf(call('GET', '/api/notifications'), 401);
    await errorOf(call('GET', '/api/notifications/unread'), 401);
    await errorOf(call('POST', '/api/notifications/read-all'), 401);
    await errorOf(call('GET', '/api/notifications/preferences'), 401);
    for (const limit of ['0', '101', 'x', '1.5'])
      await errorOf(call('GET', `/api/notifications?limit=${limit}`, alice), 400);
    expect(await errorOf(call('GET', '/api/notifications?cursor=abc.def', alice), 400)).toMatch(/cursor/);
    expect((await list(alice, '?limit=1')).items).toHaveLength(1);
    expect((await list(alice, '?limit=100')).items.length).toBeGreaterThan(1);
  });
});

describe('preferences', () => {
  it('answers the defaults, takes any part, refuses unknown types and values', async () => {
    const get = () => call('GET', '/api/notifications/preferences', carol);
    expect((await get()).json()).toEqual(DEFAULT_PREFERENCES);
    const put = (body: unknown) => call('PUT', '/api/notifications/preferences', carol, body);
    expect((await put({ digest: 'weekly' })).json()).toEqual({ ...DEFAULT_PREFERENCES, digest: 'weekly' });
    const res = await put({ types: { 'bug.answered': 'off' } });
    expect(res.json()).toEqual({ digest: 'weekly', types: { ...DEFAULT_PREFERENCES.types, 'bug.answered': 'off' } });
    expect((await put(DEFAULT_PREFERENCES)).json()).toEqual(DEFAULT_PREFERENCES);
    for (const bad of [
      { types: { 'bug.unknown': 'off' } },
      { types: { 'bug.answered': 'sometimes' } },
      { digest: 'monthly' },
      { other: 1 },
      { types: 'off' },
    ])
      await errorOf(put(bad), 400);
    expect((await get()).json()).toEqual(DEFAULT_PREFERENCES);
  });

  it('email off: the notification still shows in the page, with no mail to come', async () => {
    // A learner of this test's own: another test's digest notification would be mailed once the clock below passes
    // midnight (UTC), which it does when this runs after 23:00.
    const quiet = await createUser(t.database.db, { name: 'Quiet Learner' });
    await call('PUT', '/api/notifications/preferences', quiet, { types: { 'bug.answered': 'off' } });
    const bug = await askBug(quiet, 'Quiet please');
    await answer(bob, bug);
    const [note] = (await ofType(quiet, 'bug.answered')).filter((n) => n.subject.title === 'Quiet please');
    expect(note).toBeDefined();
    const [row] = await t.database.db
      .select({ mailState: notifications.mailState })
      .from(notifications)
      .where(eq(notifications.id, note._id));
    expect(row.mailState).toBe('none');
    await t.app.notifications.runMail(new Date(Date.now() + 3_600_000));
    const mails = await t.database.db.execute(
      sql`select count(*)::int as n from mail_outbox where "to" = ${quiet.email}`,
    );
    expect((mails as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });
});
