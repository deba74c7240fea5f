// Account self-service through the API: settings, password, sessions, export, deletion and the public profile.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MSG,
  EXPORT_FORMAT,
  myAccount,
  mySessions,
  publicProfile,
  type MyAccount,
} from '../../../shared/account';
import { bug as bugSchema, comment as commentSchema, UNKNOWN_AUTHOR } from '../../../shared/contract';
import {
  auditLog,
  bugComments,
  bugs,
  bugVotes,
  certificates,
  lessonComments,
  mailOutbox,
  sessions,
  users,
  userTokens,
} from '../../db/schema';
import {
  createBug,
  createComment,
  createCourse,
  createLesson,
  createProgress,
  createSolution,
  createUser,
  type TestUser,
} from '../../test/factories';
import { callerOf, errorOf } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { userReferences } from '../../test/user-references';
import { hashPassword } from '../auth';
import { CERTIFICATE_GONE_REASON } from './account-data';
import { DELETE_BATCH } from './account.service';

const PASSWORD = 'current-pass-1';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
let passwordHash: string;
beforeAll(async () => {
  t = await createTestApp({
    authLimits: {
      login: {
        perAccountAndIp: { max: 3, windowMs: 60_000 },
        perAccount: { max: 100, windowMs: 60_000 },
        perIp: { max: 1000, windowMs: 60_000 },
      },
    },
  });
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => t.close());

const call = callerOf(() => t.app);
const db = () => t.database.db;

/** A verified user whose password is PASSWORD, with one session. */
async function person(overrides: Parameters<typeof createUser>[1] = {}): Promise<TestUser> {
  const user = await createUser(db(), overrides);
  await db().update(users).set({ passwordHash }).where(eq(users.id, user.id));
  return user;
}

/** Logs in with PASSWORD from a browser: a second session of the user. */
async function login(user: TestUser, userAgent = FIREFOX, password = PASSWORD): Promise<TestUser> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/loginUser',
    headers: { 'user-agent': userAgent },
    payload: { email: user.email, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...user, token: res.json<{ authToken: string }>().authToken };
}

const me = async (user: TestUser) => {
  const res = await call('GET', '/api/me', user);
  expect(res.statusCode, res.body).toBe(200);
  return myAccount.strict().parse(res.json());
};

describe('GET /api/me and PATCH /api/me', () => {
  it('answers the account, and GET /api/auth/me as before', async () => {
    const ada = await person({ name: 'Ada Lovelace' });
    const account: MyAccount = await me(ada);
    expect(Date.parse(account.createdAt)).toBeGreaterThan(0);
    expect(account).toEqual({
      _id: ada.id,
      name: 'Ada Lovelace',
      email: ada.email,
      role: 'learner',
      bio: '',
      profilePublic: false,
      createdAt: account.createdAt,
      pendingEmail: null,
    });
    const old = await call('GET', '/api/auth/me', ada);
    expect(old.json()).toEqual({ _id: ada.id, name: 'Ada Lovelace', email: ada.email, role: 'learner' });
    expect(await errorOf(call('GET', '/api/me'), 401)).toBeTruthy();
  });

  it('changes each setting alone and answers the account as it now is', async () => {
    const ada = await person({ name: 'Ada Lovelace' });
    let res = await call('PATCH', '/api/me', ada, { name: '  Ada King  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(myAccount.parse(res.json())).toMatchObject({ name: 'Ada King', bio: '', profilePublic: false });
    res = await call('PATCH', '/api/me', ada, { bio: 'Counts numbers.' });
    expect(res.json()).toMatchObject({ name: 'Ada King', bio: 'Counts numbers.', profilePublic: false });
    res = await call('PATCH', '/api/me', ada, { profilePublic: true });
    expect(res.json()).toMatchObject({ name: 'Ada King', bio: 'Counts numbers.', profilePublic: true });
    // The session's kept name follows at once.
    expect((await call('GET', '/api/auth/me', ada)).json()).toMatchObject({ name: 'Ada King' });
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const ada = await person({ name: 'Ada Lovelace' });
    expect(await errorOf(call('PATCH', '/api/me', ada, { name: 'Ada' }), 400)).toMatch(/name/);
    expect(await errorOf(call('PATCH', '/api/me', ada, { name: 'x'.repeat(51) }), 400)).toMatch(/name/);
    expect(await errorOf(call('PATCH', '/api/me', ada, { bio: 'x'.repeat(301) }), 400)).toMatch(/bio/);
    expect(await errorOf(call('PATCH', '/api/me', ada, { profilePublic: 'yes' }), 400)).toMatch(/profilePublic/);
    expect(await errorOf(call('PATCH', '/api/me', ada, {}), 400)).toMatch(/nothing to change/);
    expect(await errorOf(call('PATCH', '/api/me', ada, { email: 'a@b.test' }), 400)).toBeTruthy();
    expect(await errorOf(call('PATCH', '/api/me', undefined, { bio: 'hi' }), 401)).toBeTruthy();
    expect(await me(ada)).toMatchObject({ name: 'Ada Lovelace', bio: '', profilePublic: false });
    // 300 characters is the limit, not beyond it.
    expect((await call('PATCH', '/api/me', ada, { bio: 'x'.repeat(300) })).statusCode).toBe(200);
  });
});

describe('POST /api/me/password', () => {
  it('signs out every other session, keeps this one, and mails the owner', async () => {
    const ada = await person();
    const laptop = await login(ada);
    const phone = await login(ada, CHROME_MAC);
    const res = await call('POST', '/api/me/password', laptop, {
      currentPassword: PASSWORD,
      password: 'brand-new-pass-9',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: ACCOUNT_MSG.passwordChanged });
    expect((await call('GET', '/api/me', laptop)).statusCode).toBe(200);
    expect((await call('GET', '/api/me', phone)).statusCode).toBe(401);
    expect((await call('GET', '/api/me', ada)).statusCode).toBe(401);
    await login(ada, FIREFOX, 'brand-new-pass-9');
    const mail = await db().select().from(mailOutbox).where(eq(mailOutbox.to, ada.email));
    expect(mail.map((m) => m.subject)).toEqual(['Your DevCourses password was changed']);
  });

  it('refuses a wrong current password with 403, counted like a failed login', async () => {
    const ada = await person();
    const body = { currentPassword: 'not-my-password', password: 'brand-new-pass-9' };
    for (let i = 0; i < 3; i++)
      expect(await errorOf(call('POST', '/api/me/password', ada, body), 403)).toBe(ACCOUNT_MSG.wrongPassword);
    // The login limit of this account from this address is reached: the right password waits too, as a login does.
    const limited = await call('POST', '/api/me/password', ada, { ...body, currentPassword: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
    const loginRes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/loginUser',
      payload: { email: ada.email, password: PASSWORD },
    });
    expect(loginRes.statusCode).toBe(429);
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    const ada = await person();
    expect(await errorOf(call('POST', '/api/me/password', ada, { password: 'brand-new-pass-9' }), 400)).toMatch(
      /currentPassword/,
    );
    expect(
      await errorOf(call('POST', '/api/me/password', ada, { currentPassword: PASSWORD, password: 'short' }), 400),
    ).toMatch(/password/);
    expect(
      await errorOf(call('POST', '/api/me/password', ada, { currentPassword: PASSWORD, password: 'password123' }), 400),
    ).toBeTruthy();
    expect(await errorOf(call('POST', '/api/me/password', undefined, { currentPassword: PASSWORD }), 401)).toBeTruthy();
  });
});

describe('sessions', () => {
  it('lists each session with its browser and system, this one first, and revokes one or all the others', async () => {
    const ada = await person();
    const laptop = await login(ada, FIREFOX);
    const mac = await login(ada, CHROME_MAC);
    const res = await call('GET', '/api/me/sessions', laptop);
    expect(res.statusCode, res.body).toBe(200);
    const list = mySessions.strict().parse(res.json()).sessions;
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ browser: 'Firefox 133', os: 'Linux', current: true });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => `${s.browser} / ${s.os}`)).toContain('Chrome 131 / macOS');
    // The factory's session has no user agent.
    expect(list.map((s) => s.browser)).toContain('Unknown browser');

    const macSession = list.find((s) => s.browser === 'Chrome 131');
    const revoke = await call('DELETE', `/api/me/sessions/${macSession?._id}`, laptop);
    expect(revoke.statusCode, revoke.body).toBe(204);
    expect((await call('GET', '/api/me', mac)).statusCode).toBe(401);
    expect(await errorOf(call('DELETE', `/api/me/sessions/${macSession?._id}`, laptop), 404)).toBe(
      ACCOUNT_MSG.sessionNotFound,
    );

    const others = await call('POST', '/api/me/sessions/revoke-others', laptop);
    expect(others.json()).toEqual({ revoked: 1 });
    expect((await call('GET', '/api/me', ada)).statusCode).toBe(401);
    expect(mySessions.parse((await call('GET', '/api/me/sessions', laptop)).json()).sessions).toHaveLength(1);
  });

  it("cannot touch another person's session", async () => {
    const ada = await person();
    const bob = await person();
    const [bobSession] = await db().select().from(sessions).where(eq(sessions.userId, bob.id));
    expect(await errorOf(call('DELETE', `/api/me/sessions/${bobSession.id}`, ada), 404)).toBe(
      ACCOUNT_MSG.sessionNotFound,
    );
    expect(await errorOf(call('DELETE', '/api/me/sessions/not-an-id', ada), 404)).toBeTruthy();
    expect((await call('GET', '/api/me', bob)).statusCode).toBe(200);
  });
});

/** Writes one of everything for `user` on `lessonId`, answering the ids. */
async function writeThings(user: TestUser, lessonId: string, otherSolutionId?: string) {
  const comment = await createComment(db(), { lessonId, userId: user.id, content: `<p>comment by ${user.name}</p>` });
  const bug = await createBug(db(), { userId: user.id, title: `Bug by ${user.name}` });
  const solution = await createSolution(db(), {
    bugId: bug.id,
    userId: user.id,
    content: `<p>fix by ${user.name}</p>`,
  });
  await createProgress(db(), { userId: user.id, lessonId, watched: 12, completed: true });
  if (otherSolutionId) await db().insert(bugVotes).values({ userId: user.id, solutionId: otherSolutionId, value: 1 });
  return { comment, bug, solution };
}

describe('GET /api/me/export', () => {
  it("holds what the account wrote and nothing of anyone else's, as an attachment", async () => {
    const course = await createCourse(db());
    const lesson = await createLesson(db(), { courseId: course.id });
    const ada = await person({ name: 'Ada Exporter' });
    const bob = await person({ name: 'Bob Bystander' });
    const bobs = await writeThings(bob, lesson.id);
    const adas = await writeThings(ada, lesson.id, bobs.solution.id);
    await login(ada, FIREFOX);

    const res = await call('GET', '/api/me/export', ada);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="devcourses-account-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const file = res.json<Record<string, unknown[]> & { format: string; account: Record<string, unknown> }>();
    expect(file.format).toBe(EXPORT_FORMAT);
    expect(file.account).toMatchObject({ _id: ada.id, name: 'Ada Exporter', email: ada.email });
    expect(file.comments).toEqual([
      expect.objectContaining({ _id: adas.comment.id, content: '<p>comment by Ada Exporter</p>' }),
    ]);
    expect(file.bugs).toEqual([expect.objectContaining({ _id: adas.bug.id, title: 'Bug by Ada Exporter' })]);
    expect(file.solutions).toEqual([expect.objectContaining({ _id: adas.solution.id })]);
    expect(file.votes).toEqual([{ solutionId: bobs.solution.id, value: 1 }]);
    expect(file.lessonProgress).toEqual([expect.objectContaining({ lessonId: lesson.id, completed: true })]);
    expect(file.sessions).toHaveLength(2);
    expect(file.sessions).toContainEqual(expect.objectContaining({ browser: 'Firefox 133', os: 'Linux' }));
    // No token nor hash of any kind, and nothing of Bob's.
    expect(res.body).not.toMatch(/token|passwordHash|password_hash/i);
    for (const other of [bob.id, bob.email, 'Bob Bystander', bobs.comment.id, bobs.bug.id])
      expect(res.body).not.toContain(other);
  });

  it('pages through parts larger than a batch, and needs a token', async () => {
    const course = await createCourse(db());
    const lesson = await createLesson(db(), { courseId: course.id });
    const ada = await person();
    await db()
      .insert(lessonComments)
      .values(
        Array.from({ length: 1203 }, (_, i) => ({ lessonId: lesson.id, userId: ada.id, content: `<p>${i}</p>` })),
      );
    const file = (await call('GET', '/api/me/export', ada)).json<{ comments: { _id: string }[] }>();
    expect(file.comments).toHaveLength(1203);
    expect(new Set(file.comments.map((c) => c._id)).size).toBe(1203);
    expect((await call('GET', '/api/me/export')).statusCode).toBe(401);
  });
});

/** The rows of every column that references users, for `userId`. */
async function rowsReferencing(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table, column } of await userReferences(db())) {
    const result = (await db().execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
    )) as { rows: { n: number }[] };
    counts[`${table}.${column}`] = result.rows[0].n;
  }
  return counts;
}

describe('POST /api/me/delete', () => {
  it("removes the personal data at once, leaves the content as 'unknown', and touches no one else's", async () => {
    const course = await createCourse(db());
    const lesson = await createLesson(db(), { courseId: course.id });
    const ada = await person({ name: 'Ada Leaving' });
    const bob = await person({ name: 'Bob Staying' });
    const bobs = await writeThings(bob, lesson.id);
    const adas = await writeThings(ada, lesson.id, bobs.solution.id);
    const [certificate] = await db()
      .insert(certificates)
      .values({
        code: 'AdaCertificateCode0001',
        userId: ada.id,
        courseId: course.id,
        learnerName: 'Ada Leaving',
        courseTitle: course.title,
        lessons: 1,
        hoursWatched: 0.1,
        exercisesPassed: 0,
        quizzesPassed: 0,
      })
      .returning();
    await db()
      .insert(auditLog)
      .values({ actorId: ada.id, actorName: 'Ada Leaving', action: 'update', entity: 'course', entityId: course.id });
    await db().update(users).set({ pendingEmail: 'ada-next@example.test' }).where(eq(users.id, ada.id));
    await db().insert(mailOutbox).values({ to: 'ada-next@example.test', subject: 's', text: 't', html: 'h' });
    const bobBefore = await rowsReferencing(bob.id);
    const scoreBefore = (await db().select().from(bugComments).where(eq(bugComments.id, bobs.solution.id)))[0].score;
    const laptop = await login(ada);

    expect(
      await errorOf(
        call('POST', '/api/me/delete', laptop, { currentPassword: 'wrong-one', deleteContent: false }),
        403,
      ),
    ).toBe(ACCOUNT_MSG.wrongPassword);
    expect(await errorOf(call('POST', '/api/me/delete', laptop, { currentPassword: PASSWORD }), 400)).toMatch(
      /deleteContent/,
    );
    const res = await call('POST', '/api/me/delete', laptop, { currentPassword: PASSWORD, deleteContent: false });
    expect(res.statusCode, res.body).toBe(204);

    // Every token of the account stops working at once.
    expect((await call('GET', '/api/me', laptop)).statusCode).toBe(401);
    expect((await call('GET', '/api/me', ada)).statusCode).toBe(401);
    // No row anywhere references the account, and its name and address are nowhere.
    expect(
      Object.values(await rowsReferencing(ada.id)).every((n) => n === 0),
      JSON.stringify(await rowsReferencing(ada.id)),
    ).toBe(true);
    expect(await db().select().from(users).where(eq(users.id, ada.id))).toEqual([]);
    expect(await db().select().from(userTokens).where(eq(userTokens.userId, ada.id))).toEqual([]);
    const dump = JSON.stringify(
      await Promise.all(
        [auditLog, certificates, bugs, bugComments, lessonComments, userTokens, sessions].map((table) =>
          db().select().from(table),
        ),
      ),
    );
    // What she wrote stays (it names her only in its own words); no column of these tables holds her name or address.
    expect(dump.replaceAll('by Ada Leaving', '')).not.toContain('Ada Leaving');
    expect(dump).not.toContain(ada.email);
    // The only mail left for the address is the last one; nothing waits for the address a change was going to.
    const mail = await db()
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) in (${ada.email}, 'ada-next@example.test')`);
    expect(mail.map((m) => [m.to, m.subject])).toEqual([[ada.email, 'Your DevCourses account was deleted']]);

    // The content stays, by 'unknown'.
    const bugRes = await call('GET', `/api/bug/getBugDetail/${adas.bug.id}`, bob);
    expect(bugSchema.array().parse(bugRes.json())[0].user).toBeNull();
    expect((await db().select().from(bugs).where(eq(bugs.id, adas.bug.id)))[0].userId).toBeNull();
    const comments = await call('POST', '/api/lession/getcomment', bob, { lession: lesson.id });
    const list = commentSchema.array().parse(comments.json());
    expect(list.find((c) => c._id === adas.comment.id)?.user).toEqual(UNKNOWN_AUTHOR);
    expect(list.find((c) => c._id === bobs.comment.id)?.user).toEqual({
      _id: bob.id,
      name: 'Bob Staying',
      profilePublic: false,
    });
    // The certificate stops verifying.
    const verify = await call('GET', `/api/certificates/${certificate.code}`);
    expect(verify.statusCode).toBe(410);
    expect(verify.json()).toMatchObject({ reason: CERTIFICATE_GONE_REASON });

    // Bob's data is untouched, his solution's score too (Ada's vote was counted).
    expect(await rowsReferencing(bob.id)).toEqual(bobBefore);
    expect((await db().select().from(bugComments).where(eq(bugComments.id, bobs.solution.id)))[0].score).toBe(
      scoreBefore,
    );
    expect((await call('GET', '/api/me', bob)).statusCode).toBe(200);

    // The address can sign up again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/createUser',
      payload: { name: 'Ada Returning', email: ada.email, password: 'another-pass-7' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await db().select({ name: users.name }).from(users).where(eq(users.email, ada.email))).toEqual([
      { name: 'Ada Returning' },
    ]);
  });

  it('deletes what the person wrote when asked to', async () => {
    const course = await createCourse(db());
    const lesson = await createLesson(db(), { courseId: course.id });
    const ada = await person();
    const bob = await person();
    const bobs = await writeThings(bob, lesson.id);
    const adas = await writeThings(ada, lesson.id);
    const res = await call('POST', '/api/me/delete', ada, { currentPassword: PASSWORD, deleteContent: true });
    expect(res.statusCode, res.body).toBe(204);
    expect(await db().select().from(lessonComments).where(eq(lessonComments.id, adas.comment.id))).toEqual([]);
    expect(await db().select().from(bugs).where(eq(bugs.id, adas.bug.id))).toEqual([]);
    expect(await db().select().from(bugComments).where(eq(bugComments.id, adas.solution.id))).toEqual([]);
    expect(await db().select().from(bugs).where(eq(bugs.id, bobs.bug.id))).toHaveLength(1);
    expect(await db().select().from(lessonComments).where(eq(lessonComments.id, bobs.comment.id))).toHaveLength(1);
  });

  it('unlinks or deletes more than a batch of what the person wrote, in batches', async () => {
    const course = await createCourse(db());
    const lesson = await createLesson(db(), { courseId: course.id });
    const many = DELETE_BATCH * 2 + 3;
    const write = async (who: TestUser) =>
      db()
        .insert(lessonComments)
        .values(
          Array.from({ length: many }, (_, i) => ({ lessonId: lesson.id, userId: who.id, content: `<p>${i}</p>` })),
        );
    const keeps = await person();
    const drops = await person();
    await write(keeps);
    await write(drops);
    for (const [who, deleteContent] of [
      [keeps, false],
      [drops, true],
    ] as const) {
      const res = await call('POST', '/api/me/delete', who, { currentPassword: PASSWORD, deleteContent });
      expect(res.statusCode, res.body).toBe(204);
    }
    const left = await db()
      .select({ userId: lessonComments.userId })
      .from(lessonComments)
      .where(eq(lessonComments.lessonId, lesson.id));
    expect(left).toHaveLength(many);
    expect(left.every((row) => row.userId === null)).toBe(true);
  });

  it('refuses the last admin with 409 saying why, and lets an admin go while another remains', async () => {
    // Earlier tests in this file made no admin: this one is the only one.
    const root = await person({ role: 'admin' });
    const course = await createCourse(db());
    const lesson = await createLesson(db(), { courseId: course.id });
    const written = await writeThings(root, lesson.id);
    expect(
      await errorOf(call('POST', '/api/me/delete', root, { currentPassword: PASSWORD, deleteContent: false }), 409),
    ).toBe(ACCOUNT_MSG.lastAdmin);
    expect((await call('GET', '/api/me', root)).statusCode).toBe(200);
    // Refused before anything went: what the admin wrote still has its author.
    const [comment] = await db().select().from(lessonComments).where(eq(lessonComments.id, written.comment.id));
    expect(comment.userId).toBe(root.id);
    await person({ role: 'admin' });
    const res = await call('POST', '/api/me/delete', root, { currentPassword: PASSWORD, deleteContent: false });
    expect(res.statusCode, res.body).toBe(204);
  });
});

describe('GET /api/users/{id}', () => {
  it('answers 404 for a private, unknown or malformed profile', async () => {
    const ada = await person();
    expect(await errorOf(call('GET', `/api/users/${ada.id}`), 404)).toBe(ACCOUNT_MSG.profileNotFound);
    expect(await errorOf(call('GET', '/api/users/00000000-0000-4000-8000-000000000000'), 404)).toBe(
      ACCOUNT_MSG.profileNotFound,
    );
    expect(await errorOf(call('GET', '/api/users/nope'), 404)).toBe(ACCOUNT_MSG.profileNotFound);
  });

  it('answers a public one: name, bio, member since, courses completed, accepted solutions and questions', async () => {
    const course = await createCourse(db(), { title: 'Finished Course' });
    const ada = await person({ name: 'Ada Public' });
    const bob = await person();
    await call('PATCH', '/api/me', ada, { profilePublic: true, bio: 'I answer questions.' });
    const question = await createBug(db(), { userId: ada.id, title: 'Why is NaN a number?' });
    const bobsBug = await createBug(db(), { userId: bob.id, title: 'Loop never ends' });
    const answer = await createSolution(db(), { bugId: bobsBug.id, userId: ada.id });
    await createSolution(db(), { bugId: bobsBug.id, userId: ada.id });
    await db().update(bugs).set({ acceptedSolutionId: answer.id }).where(eq(bugs.id, bobsBug.id));
    await db().insert(certificates).values({
      code: 'AdaPublicCertificate01',
      userId: ada.id,
      courseId: course.id,
      learnerName: 'Ada Public',
      courseTitle: 'Finished Course',
      lessons: 1,
      hoursWatched: 1,
      exercisesPassed: 0,
      quizzesPassed: 0,
    });

    const res = await call('GET', `/api/users/${ada.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const profile = publicProfile.strict().parse(res.json());
    expect(profile).toMatchObject({
      _id: ada.id,
      name: 'Ada Public',
      bio: 'I answer questions.',
      coursesCompleted: [{ _id: course.id, title: 'Finished Course', certificate: 'AdaPublicCertificate01' }],
      acceptedSolutions: [{ _id: answer.id, bugId: bobsBug.id, bugTitle: 'Loop never ends' }],
      acceptedSolutionCount: 1,
      questions: [{ _id: question.id, title: 'Why is NaN a number?', solved: false }],
      questionCount: 1,
    });
    expect(JSON.stringify(profile)).not.toContain(ada.email);

    // Her name on what she wrote now says the profile is public; Bob's does not.
    const bugRes = await call('GET', `/api/bug/getBugDetail/${question.id}`, bob);
    expect(bugRes.json()).toMatchObject([{ user: { _id: ada.id, name: 'Ada Public', profilePublic: true } }]);
    const bobs = await call('GET', `/api/bug/getBugDetail/${bobsBug.id}`, bob);
    expect(bobs.json()).toMatchObject([{ user: { _id: bob.id, profilePublic: false } }]);

    await call('PATCH', '/api/me', ada, { profilePublic: false });
    expect((await call('GET', `/api/users/${ada.id}`)).statusCode).toBe(404);
  });
});
