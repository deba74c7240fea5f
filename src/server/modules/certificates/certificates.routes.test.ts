import { eq, sql } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CertificateView,
  certificateView,
  isCertificateCode,
  type MyCertificates,
  myCertificates,
  studioCertificates,
  type StudioCertificates,
} from '../../../shared/certificates';
import { courseProgress, type CourseProgress } from '../../../shared/progress';
import { appSecrets, certificates, courses, practiceItems, practiceProgress, users } from '../../db/schema';
import { pdfText } from '../../test/pdf-text';
import { createCourse, createLesson, createUser, type TestUser } from '../../test/factories';
import { callerOf, errorOf } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { issueIfComplete } from './certificate-issue.service';
import { SIGNING_KEY_SECRET } from './certificate-signing';

let t: TestApp;
let admin: TestUser;
let author: TestUser;
const call = callerOf(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.database.db, { role: 'admin', name: 'Ada Admin' });
  author = await createUser(t.database.db, { role: 'author', name: 'Otto Author' });
});
afterAll(() => t.close());

/** A published course of `lessons` lessons of 100 s each. */
async function makeCourse(title: string, lessons = 2, authorId: string | null = null) {
  const course = await createCourse(t.database.db, { title, authorId });
  const ids: string[] = [];
  for (let i = 0; i < lessons; i++)
    ids.push(
      (await createLesson(t.database.db, { courseId: course.id, title: `${title} ${i + 1}`, duration: 100 })).id,
    );
  return { id: course.id, lessons: ids };
}

const mark = (user: TestUser, lessonId: string) =>
  call('PUT', `/api/progress/${lessonId}/complete`, user, { completed: true });
const watch = (user: TestUser, lessonId: string, end: number) =>
  call('PUT', `/api/progress/${lessonId}`, user, { ranges: [[0, end]], position: end, duration: 100 });

async function progressOf(user: TestUser, courseId: string): Promise<CourseProgress> {
  const res = await call('GET', `/api/progress/course/${courseId}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return courseProgress.parse(res.json());
}

async function viewOf(code: string): Promise<CertificateView> {
  const res = await call('GET', `/api/certificates/${code}`);
  expect(res.statusCode, res.body).toBe(200);
  return certificateView.parse(res.json());
}

/** A learner who completed a course: its certificate's code. */
async function completedBy(name: string, title = `Course for ${name}`) {
  const learner = await createUser(t.database.db, { name });
  const course = await makeCourse(title);
  for (const lesson of course.lessons) expect((await mark(learner, lesson)).statusCode).toBe(200);
  const progress = await progressOf(learner, course.id);
  if (!progress.certificate) throw new Error('no certificate was issued');
  return { learner, course, code: progress.certificate.code };
}

const countOf = async (userId: string, courseId: string) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(certificates)
      .where(sql`${certificates.userId} = ${userId} and ${certificates.courseId} = ${courseId}`)
  )[0].n;

describe('issuance', () => {
  it('issues one certificate when the last lesson is completed, and shows it in the course progress answer', async () => {
    const learner = await createUser(t.database.db, { name: 'Iris Learner' });
    const course = await makeCourse('Issued once');
    await mark(learner, course.lessons[0]);
    expect((await progressOf(learner, course.id)).certificate).toBeNull();
    // The 90% rule completes the second lesson.
    expect((await watch(learner, course.lessons[1], 95)).statusCode).toBe(200);
    const { certificate } = await progressOf(learner, course.id);
    expect(certificate?.url).toBe(`/certificates/${certificate?.code}`);
    expect(isCertificateCode(certificate?.code ?? '')).toBe(true);
    // Later writes change nothing.
    await watch(learner, course.lessons[1], 100);
    await mark(learner, course.lessons[0]);
    expect(await countOf(learner.id, course.id)).toBe(1);
    expect((await progressOf(learner, course.id)).certificate?.code).toBe(certificate?.code);

    const mine = myCertificates.parse((await call('GET', '/api/certificates', learner)).json<MyCertificates>());
    expect(mine.certificates).toEqual([
      expect.objectContaining({ code: certificate?.code, courseId: course.id, courseTitle: 'Issued once' }),
    ]);
    expect((await call('GET', '/api/certificates')).statusCode).toBe(401);
  });

  it('makes one certificate when two reports complete the course at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const learner = await createUser(t.database.db);
      const course = await makeCourse(`Parallel ${round}`, 2);
      const answers = await Promise.all([mark(learner, course.lessons[0]), mark(learner, course.lessons[1])]);
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
      expect(await countOf(learner.id, course.id)).toBe(1);
      // And two direct calls at once after it: still one.
      const again = await Promise.all([
        issueIfComplete(t.database.db, learner.id, course.id),
        issueIfComplete(t.database.db, learner.id, course.id),
      ]);
      expect(again).toEqual([null, null]);
      expect(await countOf(learner.id, course.id)).toBe(1);
    }
  });

  it('issues exactly once for two parallel first calls on a completed course', async () => {
    const learner = await createUser(t.database.db);
    const course = await makeCourse('Raced', 1);
    // Completed behind the certificates' back (a row written directly), then two issuers race.
    await t.database.db.execute(
      sql`insert into lesson_progress (user_id, lesson_id, manual) values (${learner.id}, ${course.lessons[0]}, true)`,
    );
    const codes = await Promise.all(
      Array.from({ length: 4 }, () => issueIfComplete(t.database.db, learner.id, course.id)),
    );
    expect(codes.filter(Boolean)).toHaveLength(1);
    expect(await countOf(learner.id, course.id)).toBe(1);
  });

  it('waits for every visible practice item of the course to be passed, and counts them', async () => {
    const learner = await createUser(t.database.db);
    const course = await makeCourse('With practice', 2);
    const [exercise, quiz, broken] = await t.database.db
      .insert(practiceItems)
      .values([
        { kind: 'exercise', lessonId: course.lessons[0], position: 1, title: 'Sum', language: 'javascript' },
        { kind: 'quiz', lessonId: course.lessons[1], position: 1, title: 'Check' },
        // Fails its check: hidden from learners, so it does not count.
        { kind: 'exercise', lessonId: course.lessons[1], position: 2, title: 'Broken', valid: false },
      ])
      .returning();
    expect(broken.valid).toBe(false);
    for (const lesson of course.lessons) await mark(learner, lesson);
    expect((await progressOf(learner, course.id)).certificate).toBeNull();
    await t.database.db
      .insert(practiceProgress)
      .values({ userId: learner.id, itemId: exercise.id, passedAt: new Date() });
    // Code kept but not passed is not a pass.
    await t.database.db.insert(practiceProgress).values({ userId: learner.id, itemId: quiz.id, code: null });
    expect(await issueIfComplete(t.database.db, learner.id, course.id)).toBeNull();
    await t.database.db
      .update(practiceProgress)
      .set({ passedAt: new Date() })
      .where(eq(practiceProgress.itemId, quiz.id));
    const code = await issueIfComplete(t.database.db, learner.id, course.id);
    expect(code).not.toBeNull();
    const view = await viewOf(code ?? '');
    expect(view).toMatchObject({ lessons: 2, exercisesPassed: 1, quizzesPassed: 1 });
  });

  it('freezes the name, the title and the hours watched at issue', async () => {
    const learner = await createUser(t.database.db, { name: 'Frieda Frozen' });
    const course = await makeCourse('Frozen title', 2);
    await watch(learner, course.lessons[0], 100);
    await watch(learner, course.lessons[1], 92);
    const code = (await progressOf(learner, course.id)).certificate?.code ?? '';
    const before = await viewOf(code);
    expect(before).toMatchObject({ name: 'Frieda Frozen', courseTitle: 'Frozen title', lessons: 2, hoursWatched: 0.1 });
    await t.database.db.update(users).set({ name: 'Renamed Person' }).where(eq(users.id, learner.id));
    await t.database.db.update(courses).set({ title: 'Renamed course' }).where(eq(courses.id, course.id));
    t.app.contentChanged();
    expect(await viewOf(code)).toEqual(before);
  });
});

describe('the certificate and its files', () => {
  it('answers its facts, its files, its issuer and a LinkedIn link with the specified parameters', async () => {
    const { course, code } = await completedBy('Lina Linked', 'Linked course');
    const view = await viewOf(code);
    const url = `http://localhost:3000/certificates/${code}`;
    expect(view).toMatchObject({
      code,
      name: 'Lina Linked',
      courseId: course.id,
      courseTitle: 'Linked course',
      lessons: 2,
      exercisesPassed: 0,
      quizzesPassed: 0,
      url,
      pdfUrl: `${url}.pdf`,
      imageUrl: `${url}/image.png`,
      credentialUrl: `${url}/credential.jwt`,
      issuer: { name: 'DevCourses', url: 'http://localhost:3000' },
    });
    const link = new URL(view.linkedInUrl);
    expect(`${link.origin}${link.pathname}`).toBe('https://www.linkedin.com/profile/add');
    const issued = new Date(view.issuedAt);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Linked course',
      organizationName: 'DevCourses',
      issueYear: String(issued.getUTCFullYear()),
      issueMonth: String(issued.getUTCMonth() + 1),
      certUrl: url,
      certId: code,
    });
  });

  it.each([
    ['Latin with diacritics', 'Zoë Łukasz Ñúñez-Dvořák'],
    ['Cyrillic', 'Анна Каренина'],
    ['Greek', 'Ελένη Παπαδοπούλου'],
  ])('makes an A4 landscape PDF whose text holds the name (%s) and the page address', async (_script, name) => {
    const { code } = await completedBy(name);
    const res = await call('GET', `/certificates/${code}.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="certificate-${code}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    const text = pdfText(res.rawPayload);
    expect(text.split('\n')).toContain(name);
    expect(text).toContain(`http://localhost:3000/certificates/${code}`);
    // A second request is the same file, from the cache.
    expect((await call('GET', `/certificates/${code}.pdf`)).rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('makes a 1200×630 PNG share image', async () => {
    const { code } = await completedBy('Pia Picture');
    const res = await call('GET', `/certificates/${code}/image.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.subarray(12, 16).toString()).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('signs an Open Badges 3.0 credential that verifies with the published key set alone', async () => {
    const { code } = await completedBy('Vera Verified', 'Signed course');
    const res = await call('GET', `/certificates/${code}/credential.jwt`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vc\+jwt/);
    const jwks = (await call('GET', '/.well-known/jwks.json')).json<JSONWebKeySet>();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const header = decodeProtectedHeader(res.body);
    expect(header).toMatchObject({ alg: 'EdDSA', kid: jwks.keys[0].kid });
    const { payload } = await jwtVerify(res.body, createLocalJWKSet(jwks), { algorithms: ['EdDSA'] });
    const vc = payload.vc as Record<string, unknown> & {
      credentialSubject: { achievement: { name: string; id: string } };
    };
    expect(vc.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(vc.issuer).toMatchObject({ id: 'http://localhost:3000', name: 'DevCourses' });
    expect(typeof vc.validFrom).toBe('string');
    expect(vc.credentialSubject.achievement.name).toBe('Signed course');
    expect(vc.credentialSubject.achievement.id).toMatch(/^http:\/\/localhost:3000\/course\//);
    // A changed byte fails.
    const forged = `${res.body.slice(0, -4)}AAAA`;
    await expect(jwtVerify(forged, createLocalJWKSet(jwks))).rejects.toThrow();
  });

  it('keeps one key pair in the database, so every process publishes the same key set', async () => {
    const stored = await t.database.db.select().from(appSecrets).where(eq(appSecrets.name, SIGNING_KEY_SECRET));
    expect(stored).toHaveLength(1);
    const other = await createTestApp();
    try {
      // A second app on a database holding the same key answers the same JWKS.
      await other.database.db.insert(appSecrets).values(stored[0]);
      const mine = (await call('GET', '/.well-known/jwks.json')).json<JSONWebKeySet>();
      const theirs = (await other.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json<JSONWebKeySet>();
      expect(theirs).toEqual(mine);
    } finally {
      await other.close();
    }
  });

  it.each([
    '/api/certificates/nope',
    '/api/certificates/AAAAAAAAAAAAAAAAAAAAAA',
    '/certificates/nope.pdf',
    '/certificates/AAAAAAAAAAAAAAAAAAAAAA.pdf',
    '/certificates/AAAAAAAAAAAAAAAAAAAAAA/image.png',
    "/certificates/'%20or%201=1/credential.jwt",
  ])('answers 404 for an unknown or malformed code: %s', async (url) => {
    expect(await errorOf(call('GET', url), 404)).toBe('Certificate not found');
  });
});

describe('the Studio', () => {
  it('lists certificates to admins (all) and authors (their courses), newest first; learners are refused', async () => {
    const own = await makeCourse('Author owned', 1, author.id);
    const learner = await createUser(t.database.db, { name: 'Stu Studio' });
    await mark(learner, own.lessons[0]);
    const { code: other } = await completedBy('Someone Else');
    const list = async (user: TestUser, query = '') => {
      const res = await call('GET', `/api/studio/certificates${query}`, user);
      expect(res.statusCode, res.body).toBe(200);
      return studioCertificates.parse(res.json<StudioCertificates>()).certificates;
    };
    const forAuthor = await list(author);
    expect(forAuthor.map((c) => c.courseTitle)).toEqual(['Author owned']);
    const forAdmin = await list(admin);
    expect(forAdmin[0].code).toBe(other);
    expect(forAdmin.map((c) => c.courseTitle)).toContain('Author owned');
    expect(forAdmin.map((c) => c.issuedAt)).toEqual([...forAdmin.map((c) => c.issuedAt)].sort().reverse());
    expect((await list(admin, `?courseId=${own.id}`)).map((c) => c.name)).toEqual(['Stu Studio']);
    expect(await list(admin, '?courseId=nope')).toEqual([]);
    expect((await call('GET', '/api/studio/certificates', learner)).statusCode).toBe(403);
  });

  it('lets only admins revoke, with a reason of 1 to 500 characters; then every address answers 410 saying when and why', async () => {
    const { learner, course, code } = await completedBy('Rex Revoked');
    const revoke = (user: TestUser, body: unknown, which = code) =>
      call('POST', `/api/studio/certificates/${which}/revoke`, user, body);
    expect((await revoke(learner, { reason: 'mine' })).statusCode).toBe(403);
    expect((await revoke(author, { reason: 'theirs' })).statusCode).toBe(403);
    expect(await errorOf(revoke(admin, { reason: '   ' }), 400)).toBe('reason must not be empty');
    expect((await revoke(admin, {})).statusCode).toBe(400);
    expect((await revoke(admin, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await revoke(admin, { reason: 'why' }, 'AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    // Read (and kept) before the revoke: the revoke clears what was kept.
    await viewOf(code);
    await call('GET', `/certificates/${code}.pdf`);

    const res = await revoke(admin, { reason: 'Plagiarised exercises' });
    expect(res.statusCode, res.body).toBe(200);
    const { revokedAt, ...revoked } = res.json<{ revokedAt: string; code: string; reason: string }>();
    expect(revoked).toMatchObject({ code, reason: 'Plagiarised exercises' });
    expect(Number.isNaN(Date.parse(revokedAt))).toBe(false);
    expect((await revoke(admin, { reason: 'again' })).statusCode).toBe(409);

    for (const url of [
      `/api/certificates/${code}`,
      `/certificates/${code}.pdf`,
      `/certificates/${code}/image.png`,
      `/certificates/${code}/credential.jwt`,
    ]) {
      const gone = await call('GET', url);
      expect(gone.statusCode, url).toBe(410);
      expect(gone.json()).toEqual({
        error: `This certificate was revoked on ${revokedAt.slice(0, 10)}: Plagiarised exercises`,
        revokedAt,
        reason: 'Plagiarised exercises',
      });
    }
    expect((await progressOf(learner, course.id)).certificate).toBeNull();
    expect((await call('GET', '/api/certificates', learner)).json<MyCertificates>().certificates).toEqual([]);
    const audit = (await call('GET', '/api/studio/audit', admin)).json<{ action: string; entity: string }[]>();
    expect(audit[0]).toMatchObject({ action: 'revoke', entity: 'certificate' });
  });
});
