// Studio courses and lessons: shapes, drafts by default, sanitizing, versions (409 and the row untouched), the
// author-owns rule, lesson order, unknown ids, bad bodies, the body limit and the audit entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, studioCourse, type StudioCourse, type StudioLesson } from '../../../shared/studio';
import type { TestUser } from '../../test/factories';
import { call, errorOf, type Method } from '../../test/kit';
import type { TestApp } from '../../test/test-app';
import { addLesson, BAD_IDS, courseBody, postCourse, lessonBody, studioTestApp } from './studio-test-kit';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ({ t, admin, alice, bob } = await studioTestApp({ seed: true }));
});
afterAll(() => t.close());

const studio = (method: Method, url: string, user: TestUser, payload?: object) =>
  call(t.app, method, url, user, payload);
const getCourse = async (id: string) => (await studio('GET', `/api/studio/courses/${id}`, admin)).json<StudioCourse>();

async function auditFor(entityId: string): Promise<AuditEntry[]> {
  const res = await studio('GET', '/api/studio/audit', admin);
  return res.json<AuditEntry[]>().filter((entry) => entry.entityId === entityId);
}

describe('GET /api/studio/courses', () => {
  it('lists every course, drafts too, with status, version, author and lessons in order', async () => {
    const draft = await postCourse(t.app, alice);
    const res = await studio('GET', '/api/studio/courses', bob);
    expect(res.statusCode).toBe(200);
    const list = res.json<StudioCourse[]>();
    for (const item of list) expect(studioCourse.strict().parse(item)).toEqual(item);
    const [a] = list;
    expect(a).toMatchObject({ title: 'Course A', status: 'published', version: 1, author: null });
    expect(a.lessons.map((l) => l.title)).toEqual(['A1', 'A2', 'A3']);
    const mine = list.find((c) => c._id === draft._id);
    expect(mine).toMatchObject({ status: 'draft', author: { _id: alice.id, name: 'Alice Author' } });
    // New courses join the end of the catalogue.
    expect(list.at(-1)?._id).toBe(draft._id);
  });
});

describe('POST /api/studio/courses', () => {
  it('answers a draft at version 1 by its author, title as plain text, description sanitized (wider list)', async () => {
    const res = await studio('POST', '/api/studio/courses', alice, {
      title: '  <b>Rust</b> &amp; friends ',
      description:
        '<h1>Intro</h1><p onclick="x()">Hi<script>alert(1)</script></p><img src="/media/uploads/a.png" alt="A">' +
        '<table><tr><td colspan="2">x</td></tr></table>',
      cover: '/media/uploads/cover.png',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = studioCourse.strict().parse(res.json());
    expect(body).toMatchObject({
      title: 'Rust & friends',
      description:
        '<h2>Intro</h2><p>Hi</p><img src="/media/uploads/a.png" alt="A" /><table><tr><td colspan="2">x</td></tr></table>',
      status: 'draft',
      version: 1,
      author: { _id: alice.id, name: 'Alice Author' },
      lessons: [],
    });
    expect(await getCourse(body._id)).toEqual(body);
    expect(await auditFor(body._id)).toMatchObject([
      {
        action: 'create',
        entity: 'course',
        actor: { _id: alice.id, name: 'Alice Author' },
        afterTitle: 'Rust & friends',
      },
    ]);
  });

  it('takes status published when the description has content, and refuses an empty one (400)', async () => {
    const published = await studio('POST', '/api/studio/courses', alice, courseBody({ status: 'published' }));
    expect(published.json<StudioCourse>().status).toBe('published');
    const emptyDraft = await studio('POST', '/api/studio/courses', alice, courseBody({ description: '<p> </p>' }));
    expect(emptyDraft.statusCode).toBe(200);
    const emptyPublished = await studio(
      'POST',
      '/api/studio/courses',
      alice,
      courseBody({ description: '<p><script>x</script></p>', status: 'published' }),
    );
    expect(emptyPublished.statusCode).toBe(400);
    expect(errorOf(emptyPublished)).toMatch(/description is empty/);
  });

  it.each([
    [{ title: undefined }, /title/],
    [{ title: '   ' }, /title is required/],
    [{ title: '<img src=x>' }, /title is required/],
    [{ title: 'x'.repeat(201) }, /title/],
    [{ description: 5 }, /description/],
    [{ description: 'x'.repeat(100_001) }, /description must be at most/],
    [{ cover: 'javascript:alert(1)' }, /cover/],
    [{ cover: '' }, /cover/],
    [{ status: 'live' }, /status must be one of draft, published/],
  ])('answers 400 naming the field for %j', async (overrides, message) => {
    const res = await studio('POST', '/api/studio/courses', alice, { ...courseBody(), ...overrides });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(message);
  });

  it('takes a body up to 1 MiB (more than the 256 KB of other calls) and answers 413 JSON over it', async () => {
    // 90,000 three-byte characters: under the character limit, over 256 KB.
    const big = await studio(
      'POST',
      '/api/studio/courses',
      alice,
      courseBody({ description: `<p>${'€'.repeat(90_000)}</p>` }),
    );
    expect(big.statusCode, big.body).toBe(200);
    const huge = await call(t.app, 'POST', '/api/studio/courses', alice, {
      ...courseBody(),
      description: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge)).toMatch(/too large/);
    expect(huge.headers['cache-control']).toBe('no-store');
  });
});

describe('PATCH /api/studio/courses/{id}', () => {
  it('changes any subset of fields, bumps the version and the last edit', async () => {
    const course = await postCourse(t.app, alice);
    const res = await studio('PATCH', `/api/studio/courses/${course._id}`, alice, { title: 'Renamed', version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<StudioCourse>();
    expect(saved).toMatchObject({ title: 'Renamed', description: course.description, cover: course.cover, version: 2 });
    expect(Date.parse(saved.updatedAt)).toBeGreaterThanOrEqual(Date.parse(course.updatedAt));
    const onlyVersion = await studio('PATCH', `/api/studio/courses/${course._id}`, alice, { version: 2 });
    expect(onlyVersion.json<StudioCourse>().version).toBe(3);
  });

  it('refuses a stale version with 409 naming the current one, and leaves the stored course untouched', async () => {
    const course = await postCourse(t.app, alice);
    await studio('PATCH', `/api/studio/courses/${course._id}`, alice, { title: 'First save', version: 1 });
    const before = await getCourse(course._id);
    const stale = await studio('PATCH', `/api/studio/courses/${course._id}`, alice, {
      title: 'Stale save',
      status: 'published',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatch(/Someone else changed this course.*version 2/);
    expect(await getCourse(course._id)).toEqual(before);
    const future = await studio('PATCH', `/api/studio/courses/${course._id}`, alice, { title: 'x', version: 99 });
    expect(future.statusCode).toBe(409);
  });

  it('lets only one of two saves on the same version win', async () => {
    const course = await postCourse(t.app, alice);
    const saves = await Promise.all(
      ['One', 'Two', 'Three'].map((title) =>
        studio('PATCH', `/api/studio/courses/${course._id}`, alice, { title, version: 1 }),
      ),
    );
    expect(saves.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await getCourse(course._id)).version).toBe(2);
  });

  it('records publish, unpublish and update in the audit', async () => {
    const course = await postCourse(t.app, alice, { title: 'Audited' });
    const patch = (payload: object) => studio('PATCH', `/api/studio/courses/${course._id}`, alice, payload);
    await patch({ status: 'published', version: 1 });
    await patch({ title: 'Audited 2', version: 2 });
    await patch({ status: 'draft', title: 'Audited 3', version: 3 });
    const entries = await auditFor(course._id);
    expect(entries.map((e) => [e.action, e.beforeTitle, e.afterTitle])).toEqual([
      ['unpublish', 'Audited 2', 'Audited 3'],
      ['update', 'Audited', 'Audited 2'],
      ['publish', 'Audited', 'Audited'],
      ['create', null, 'Audited'],
    ]);
  });

  it('refuses to publish, or empty a published course’s description (400)', async () => {
    const course = await postCourse(t.app, alice, { description: '' });
    const publish = await studio('PATCH', `/api/studio/courses/${course._id}`, alice, {
      status: 'published',
      version: 1,
    });
    expect(publish.statusCode).toBe(400);
    expect(errorOf(publish)).toMatch(/description is empty/);
    const ok = await studio('PATCH', `/api/studio/courses/${course._id}`, alice, {
      status: 'published',
      description: '<p>Now there is text</p>',
      version: 1,
    });
    expect(ok.statusCode).toBe(200);
    const empty = await studio('PATCH', `/api/studio/courses/${course._id}`, alice, {
      description: '<p></p>',
      version: 2,
    });
    expect(empty.statusCode).toBe(400);
  });

  it.each([
    [{ title: 'x' }, /version/],
    [{ title: 'x', version: '1' }, /version must be an integer/],
    [{ title: 'x', version: 0 }, /version must be at least 1/],
    [{ title: 'x', version: 1.5 }, /version must be an integer/],
    [{ title: '', version: 1 }, /title is required/],
    [{ cover: 'ftp://x', version: 1 }, /cover/],
    [{ status: 'archived', version: 1 }, /status/],
  ])('answers 400 naming the field for %j', async (payload, message) => {
    const course = await postCourse(t.app, alice);
    const res = await studio('PATCH', `/api/studio/courses/${course._id}`, alice, payload);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(message);
  });
});

describe('DELETE /api/studio/courses/{id}', () => {
  it('answers the course as it was, removes it with its lessons, and audits it', async () => {
    const course = await postCourse(t.app, alice, { title: 'Doomed' });
    const lesson = await addLesson(t.app, alice, course._id);
    const res = await studio('DELETE', `/api/studio/courses/${course._id}`, alice);
    expect(res.statusCode).toBe(200);
    expect(res.json<StudioCourse>()).toMatchObject({
      _id: course._id,
      title: 'Doomed',
      lessons: [{ _id: lesson._id }],
    });
    expect((await studio('GET', `/api/studio/courses/${course._id}`, alice)).statusCode).toBe(404);
    expect((await studio('DELETE', `/api/studio/lessons/${lesson._id}`, alice)).statusCode).toBe(404);
    expect((await auditFor(course._id)).map((e) => [e.action, e.beforeTitle])).toEqual([
      ['delete', 'Doomed'],
      ['create', null],
    ]);
  });
});

describe('who may change what', () => {
  it('lets an author change only their own courses and those courses’ lessons (403 naming why)', async () => {
    const course = await postCourse(t.app, alice);
    const lesson = await addLesson(t.app, alice, course._id);
    const attempts = [
      studio('PATCH', `/api/studio/courses/${course._id}`, bob, { title: 'Mine now', version: 1 }),
      studio('PATCH', `/api/studio/courses/${course._id}`, bob, { status: 'published', version: 1 }),
      studio('DELETE', `/api/studio/courses/${course._id}`, bob),
      studio('POST', `/api/studio/courses/${course._id}/lessons`, bob, lessonBody()),
      studio('PUT', `/api/studio/courses/${course._id}/lesson-order`, bob, { ids: [lesson._id] }),
      studio('PATCH', `/api/studio/lessons/${lesson._id}`, bob, { title: 'x', version: 1 }),
      studio('DELETE', `/api/studio/lessons/${lesson._id}`, bob),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toMatch(/Only its author or an admin/);
    }
    // Reading is open to every author; nothing changed.
    expect((await studio('GET', `/api/studio/courses/${course._id}`, bob)).json<StudioCourse>()).toMatchObject({
      title: course.title,
      version: 1,
      lessons: [{ _id: lesson._id, version: 1 }],
    });
  });

  it('keeps content without an author (the demo catalogue) for admins', async () => {
    const [demo] = (await studio('GET', '/api/studio/courses', alice)).json<StudioCourse[]>();
    expect(demo.author).toBeNull();
    const res = await studio('PATCH', `/api/studio/courses/${demo._id}`, alice, { title: 'x', version: demo.version });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatch(/no author: only admins/);
    const lessonRes = await studio('PATCH', `/api/studio/lessons/${demo.lessons[0]._id}`, alice, {
      title: 'x',
      version: 1,
    });
    expect(lessonRes.statusCode).toBe(403);
    const byAdmin = await studio('PATCH', `/api/studio/courses/${demo._id}`, admin, {
      title: 'Course A, revised',
      version: demo.version,
    });
    expect(byAdmin.statusCode).toBe(200);
    await studio('PATCH', `/api/studio/courses/${demo._id}`, admin, { title: 'Course A', version: demo.version + 1 });
  });

  it('lets an admin change any author’s course and its lessons', async () => {
    const course = await postCourse(t.app, alice);
    const lesson = await addLesson(t.app, alice, course._id);
    expect(
      (await studio('PATCH', `/api/studio/lessons/${lesson._id}`, admin, { title: 'A', version: 1 })).statusCode,
    ).toBe(200);
    const res = await studio('PATCH', `/api/studio/courses/${course._id}`, admin, { status: 'published', version: 1 });
    expect(res.statusCode).toBe(200);
    // The author stays the author.
    expect(res.json<StudioCourse>().author?._id).toBe(alice.id);
    const audit = await auditFor(course._id);
    expect(audit[0]).toMatchObject({ action: 'publish', actor: { _id: admin.id, name: 'Ada Admin' } });
  });
});

describe('lessons', () => {
  it('appends lessons in order, with captions optional', async () => {
    const course = await postCourse(t.app, alice);
    const first = await addLesson(t.app, alice, course._id, { title: 'One' });
    const second = await addLesson(t.app, alice, course._id, {
      title: 'Two',
      captions: '/media/uploads/two.vtt',
      description: '<p>x</p><iframe src="https://evil.example"></iframe>',
    });
    expect(first).toMatchObject({ courseId: course._id, captions: null, version: 1 });
    expect(second).toMatchObject({ captions: '/media/uploads/two.vtt', description: '<p>x</p>' });
    expect((await getCourse(course._id)).lessons.map((l) => l.title)).toEqual(['One', 'Two']);
    const audit = await auditFor(first._id);
    expect(audit).toMatchObject([{ action: 'create', entity: 'lesson', afterTitle: 'One' }]);
  });

  it.each([
    [{ link: 'javascript:alert(1)' }, /link/],
    [{ captions: 'data:text/vtt,x' }, /captions/],
    [{ title: '' }, /title/],
  ])('answers 400 naming the field for the lesson %j', async (overrides, message) => {
    const course = await postCourse(t.app, alice);
    const res = await studio('POST', `/api/studio/courses/${course._id}/lessons`, alice, {
      ...lessonBody(),
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(message);
  });

  it('edits a lesson on its version (409 when stale, untouched), and null removes its captions', async () => {
    const course = await postCourse(t.app, alice);
    const lesson = await addLesson(t.app, alice, course._id, { captions: '/media/uploads/c.vtt' });
    const res = await studio('PATCH', `/api/studio/lessons/${lesson._id}`, alice, {
      title: 'Edited',
      captions: null,
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StudioLesson>()).toMatchObject({ title: 'Edited', captions: null, version: 2, link: lesson.link });
    const stale = await studio('PATCH', `/api/studio/lessons/${lesson._id}`, alice, { title: 'Stale', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatch(/Someone else changed this lesson.*version 2/);
    expect((await getCourse(course._id)).lessons[0]).toMatchObject({ title: 'Edited', version: 2 });
    expect((await auditFor(lesson._id))[0]).toMatchObject({
      action: 'update',
      beforeTitle: lesson.title,
      afterTitle: 'Edited',
    });
  });

  it('deletes a lesson, answering it, and audits it', async () => {
    const course = await postCourse(t.app, alice);
    const [one, two] = [await addLesson(t.app, alice, course._id), await addLesson(t.app, alice, course._id)];
    const res = await studio('DELETE', `/api/studio/lessons/${one._id}`, alice);
    expect(res.json<StudioLesson>()._id).toBe(one._id);
    expect((await getCourse(course._id)).lessons.map((l) => l._id)).toEqual([two._id]);
    expect((await auditFor(one._id)).map((e) => e.action)).toEqual(['delete', 'create']);
  });
});

describe('PUT /api/studio/courses/{id}/lesson-order', () => {
  let course: StudioCourse;
  let ids: string[];
  beforeAll(async () => {
    course = await postCourse(t.app, alice);
    ids = [];
    for (const title of ['L1', 'L2', 'L3']) ids.push((await addLesson(t.app, alice, course._id, { title }))._id);
  });
  const order = (payload: object) => studio('PUT', `/api/studio/courses/${course._id}/lesson-order`, alice, payload);

  it('puts the lessons in the given order and answers them so (ids in any case)', async () => {
    const res = await order({ ids: [ids[2], ids[0].toUpperCase(), ids[1]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StudioLesson[]>().map((l) => l.title)).toEqual(['L3', 'L1', 'L2']);
    expect((await getCourse(course._id)).lessons.map((l) => l.title)).toEqual(['L3', 'L1', 'L2']);
    const [entry] = await auditFor(course._id);
    expect(entry).toMatchObject({ action: 'reorder', entity: 'course', afterTitle: course.title });
  });

  it.each([
    ['a missing lesson', () => [ids[0], ids[1]], /missing lessons: /],
    ['a duplicate', () => [ids[0], ids[1], ids[2], ids[0]], /duplicate ids: /],
    ['an id of no lesson', () => [...ids, '00000000-0000-4000-8000-000000000000'], /not lessons of this course: 0000/],
    ['a malformed id', () => [...ids, 'nope'], /not lessons of this course: nope/],
    ['nothing', () => [], /missing lessons: /],
  ])('answers 400 naming the problem for %s, order unchanged', async (_what, make, message) => {
    const before = (await getCourse(course._id)).lessons.map((l) => l._id);
    const res = await order({ ids: make() });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(message);
    expect((await getCourse(course._id)).lessons.map((l) => l._id)).toEqual(before);
  });

  it('refuses a lesson of another course', async () => {
    const other = await postCourse(t.app, alice);
    const stranger = await addLesson(t.app, alice, other._id);
    const res = await order({ ids: [ids[0], ids[1], stranger._id] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(new RegExp(`not lessons of this course: ${stranger._id}.*missing lessons: ${ids[2]}`));
  });

  it('answers 400 for a body that is not {ids: string[]}', async () => {
    for (const payload of [{}, { ids: 'x' }, { ids: [1] }]) {
      const res = await order(payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatch(/ids/);
    }
  });

  it('takes an empty order for a course without lessons', async () => {
    const empty = await postCourse(t.app, alice);
    const res = await studio('PUT', `/api/studio/courses/${empty._id}/lesson-order`, alice, { ids: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('unknown and malformed ids', () => {
  const CALLS: [Method, (id: string) => string, object | undefined][] = [
    ['GET', (id) => `/api/studio/courses/${id}`, undefined],
    ['PATCH', (id) => `/api/studio/courses/${id}`, { title: 'x', version: 1 }],
    ['DELETE', (id) => `/api/studio/courses/${id}`, undefined],
    ['POST', (id) => `/api/studio/courses/${id}/lessons`, lessonBody()],
    ['PUT', (id) => `/api/studio/courses/${id}/lesson-order`, { ids: [] }],
    ['PATCH', (id) => `/api/studio/lessons/${id}`, { title: 'x', version: 1 }],
    ['DELETE', (id) => `/api/studio/lessons/${id}`, undefined],
  ];
  it.each(
    CALLS.flatMap(([method, url, payload]) => BAD_IDS.map((id) => [method, url(':id'), id, url, payload] as const)),
  )('%s %s answers 404 JSON for %s', async (method, _shown, id, url, payload) => {
    const res = await studio(method, url(encodeURIComponent(id)), admin, payload);
    expect(res.statusCode, res.body).toBe(404);
    expect(errorOf(res)).toMatch(/(Course|Lesson) not found/);
  });
});
