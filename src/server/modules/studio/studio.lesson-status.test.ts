// A lesson added to a published course is a draft: no public read shows it (course card and detail, lesson page,
// comments, progress, practice, certificates, BugsWorld, the sitemap) until it is published by its own Update or
// PATCH {status}, or by the course's Update. Lessons of a draft course are published with the course; lessons that
// were already there are untouched; only the course's author or an admin may publish or take a lesson off.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bug, CourseCard, CourseWithLessons, LessonPage } from '../../../shared/contract';
import type { CourseProgress } from '../../../shared/progress';
import type { StudioCourse, StudioLesson } from '../../../shared/studio';
import type { RevisionList } from '../../../shared/studio-revisions';
import { lessons } from '../../db/schema';
import { createQuiz, createUser, type TestUser } from '../../test/factories';
import { call, errorOf } from '../../test/kit';
import type { TestApp } from '../../test/test-app';
import { addLesson, postCourse, studioTestApp } from './studio-test-kit';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let reader: TestUser;

beforeAll(async () => {
  ({ t, admin, alice, bob } = await studioTestApp({ seed: true }));
  reader = await createUser(t.database.db, { name: 'Rita Reader' });
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, user?: TestUser, body?: object) =>
  call(t.app, method, url, user, body);
async function ok<T>(res: Promise<{ statusCode: number; body: string; json: <J>() => J }>): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<T>();
}

/** A published course of Alice's with one lesson that readers see (added while the course was a draft). */
async function publishedCourse(): Promise<{ course: StudioCourse; first: StudioLesson }> {
  const draft = await postCourse(t.app, alice);
  const first = await addLesson(t.app, alice, draft._id, { title: 'First lesson' });
  const course = await ok<StudioCourse>(
    send('PATCH', `/api/studio/courses/${draft._id}`, alice, { status: 'published', version: draft.version }),
  );
  return { course, first };
}

const setDuration = async (lessonId: string, duration: number) => {
  await t.database.db.update(lessons).set({ duration }).where(eq(lessons.id, lessonId));
  t.app.contentChanged();
};

/** Everything a reader (and the sitemap) tells of one lesson of a course. */
async function readerView(courseId: string, lessonId: string) {
  const card = (await ok<CourseCard[]>(send('GET', '/api/course/getCourse'))).find((c) => c._id === courseId);
  const detail = await ok<CourseWithLessons>(send('GET', `/api/lession/getLessionList/${courseId}`));
  const progress = await ok<CourseProgress>(send('GET', `/api/progress/course/${courseId}`, reader));
  const sitemap = (await send('GET', '/sitemap.xml')).body;
  const status = async (method: 'GET' | 'POST', url: string, body?: object) =>
    (await send(method, url, reader, body)).statusCode;
  return {
    lessonCount: card?.lessonCount,
    duration: card?.duration,
    listed: detail.lessonlist.some((l) => l._id === lessonId),
    page: await status('GET', `/api/lession/getLession/${courseId}/${lessonId}`),
    comments: await status('POST', '/api/lession/getcomment', { lession: lessonId }),
    bugs: await status('GET', `/api/lession/${lessonId}/bugs`),
    practice: await status('GET', `/api/practice/lesson/${lessonId}`),
    totalLessons: progress.totalLessons,
    inSitemap: sitemap.includes(`/course/${courseId}/${lessonId}`),
  };
}

describe('a lesson added to a published course', () => {
  it('is a draft no public read shows until its own Update publishes it; then every read shows it', async () => {
    const { course, first } = await publishedCourse();
    await setDuration(first._id, 100);
    const added = await addLesson(t.app, alice, course._id, { title: 'Added later' });
    expect(added).toMatchObject({ status: 'draft', published: null, hasChanges: false });
    await setDuration(added._id, 50);
    const quiz = await createQuiz(t.database.db, { lessonId: added._id });

    expect(await readerView(course._id, added._id)).toEqual({
      lessonCount: 1,
      duration: 100,
      listed: false,
      page: 404,
      comments: 404,
      bugs: 404,
      practice: 404,
      totalLessons: 1,
      inSitemap: false,
    });
    expect((await send('GET', `/api/quizzes/${quiz.id}`, reader)).statusCode).toBe(404);
    const comment = send('POST', '/api/lession/addcomment', reader, { lession: added._id, content: '<p>Hi</p>' });
    expect((await comment).statusCode).toBe(404);
    expect((await send('PUT', `/api/progress/${added._id}/complete`, reader, { completed: true })).statusCode).toBe(
      404,
    );
    const bug = { title: 'Stuck', description: '<p>Here</p>', lesson: { id: added._id, at: 3 } };
    expect((await send('POST', '/api/bug/addbug', reader, bug)).statusCode).toBe(404);
    // Its author sees it as readers will, in a preview; nobody else does.
    const preview = await ok<LessonPage>(send('GET', `/api/preview/lessons/${added._id}`, alice));
    expect(preview.course[0]).toMatchObject({ _id: added._id, title: 'Added later' });
    expect((await send('GET', `/api/preview/lessons/${added._id}`, bob)).statusCode).toBe(403);
    expect((await send('GET', `/api/preview/lessons/${added._id}`)).statusCode).toBe(401);

    // A draft has no working copy: its edits are the lesson itself.
    const edited = await ok<StudioLesson>(
      send('PATCH', `/api/studio/lessons/${added._id}`, alice, { title: 'Added later, fixed', version: added.version }),
    );
    expect(edited).toMatchObject({ status: 'draft', title: 'Added later, fixed', hasChanges: false, published: null });
    expect(await errorOf(send('POST', `/api/studio/lessons/${added._id}/discard`, alice), 409)).toMatch(
      /no unpublished/,
    );

    const published = await ok<StudioLesson>(send('POST', `/api/studio/lessons/${added._id}/update`, alice));
    expect(published).toMatchObject({
      status: 'published',
      hasChanges: false,
      published: { title: 'Added later, fixed' },
    });
    expect(published.version).toBe(edited.version + 1);
    expect(await readerView(course._id, added._id)).toEqual({
      lessonCount: 2,
      duration: 150,
      listed: true,
      page: 200,
      comments: 200,
      bugs: 200,
      practice: 200,
      totalLessons: 2,
      inSitemap: true,
    });
    expect((await send('GET', `/api/quizzes/${quiz.id}`, reader)).statusCode).toBe(200);
    expect((await send('POST', '/api/bug/addbug', reader, bug)).statusCode).toBe(200);
    // The publish is in its history, and publishing again has nothing to publish.
    const history = await ok<RevisionList>(send('GET', `/api/studio/lessons/${added._id}/revisions`, alice));
    expect(history.revisions.map((r) => r.title)).toEqual(['Added later, fixed']);
    expect(await errorOf(send('POST', `/api/studio/lessons/${added._id}/update`, alice), 409)).toMatch(
      /no unpublished/,
    );
    // The lesson that was there all along never moved.
    expect((await send('GET', `/api/lession/getLession/${course._id}/${first._id}`)).statusCode).toBe(200);
  });

  it('PATCH {status} publishes it, and takes it off at once (its working copy becomes the draft)', async () => {
    const { course } = await publishedCourse();
    const added = await addLesson(t.app, alice, course._id, { title: 'Patched in' });
    const published = await ok<StudioLesson>(
      send('PATCH', `/api/studio/lessons/${added._id}`, alice, {
        status: 'published',
        title: 'Patched in, titled',
        version: added.version,
      }),
    );
    expect(published).toMatchObject({ status: 'published', title: 'Patched in, titled', hasChanges: false });
    expect((await readerView(course._id, added._id)).page).toBe(200);

    // A bug asked at it links to it while readers see it.
    const bug = await ok<Bug>(
      send('POST', '/api/bug/addbug', reader, {
        title: 'Stuck again',
        description: '<p>Here</p>',
        lesson: { id: added._id, at: 1 },
      }),
    );
    expect(bug.lesson).toMatchObject({ id: added._id });

    // Edited while published: the edit waits in the working copy; readers keep the published title.
    const edited = await ok<StudioLesson>(
      send('PATCH', `/api/studio/lessons/${added._id}`, alice, {
        title: 'Typed, unpublished',
        version: published.version,
      }),
    );
    expect(edited.hasChanges).toBe(true);
    const off = await ok<StudioLesson>(
      send('PATCH', `/api/studio/lessons/${added._id}`, alice, { status: 'draft', version: edited.version }),
    );
    expect(off).toMatchObject({ status: 'draft', title: 'Typed, unpublished', hasChanges: false, published: null });
    expect(await readerView(course._id, added._id)).toMatchObject({ listed: false, page: 404, inSitemap: false });
    const [detail] = await ok<Bug[]>(send('GET', `/api/bug/getBugDetail/${bug._id}`, reader));
    expect(detail.lesson).toBeNull();
  });

  it("is published by its course's Update, with the course's own changes or alone", async () => {
    const { course } = await publishedCourse();
    // Nothing to publish: 409, as before.
    expect(await errorOf(send('POST', `/api/studio/courses/${course._id}/update`, alice), 409)).toMatch(
      /no unpublished/,
    );
    const one = await addLesson(t.app, alice, course._id, { title: 'New one' });
    const two = await addLesson(t.app, alice, course._id, { title: 'New two' });
    const updated = await ok<StudioCourse>(send('POST', `/api/studio/courses/${course._id}/update`, alice));
    expect(updated.lessons.map((l) => [l.title, l.status])).toEqual([
      ['First lesson', 'published'],
      ['New one', 'published'],
      ['New two', 'published'],
    ]);
    // Publishing with the course is not a save of the lessons: an editor open on them keeps its version.
    expect(updated.lessons[1].version).toBe(one.version);
    const listed = await ok<CourseWithLessons>(send('GET', `/api/lession/getLessionList/${course._id}`));
    expect(listed.lessonlist.map((l) => l._id)).toEqual([updated.lessons[0]._id, one._id, two._id]);

    // With the course's own changes too: both are published by the one Update.
    const three = await addLesson(t.app, alice, course._id, { title: 'New three' });
    const renamed = await ok<StudioCourse>(
      send('PATCH', `/api/studio/courses/${course._id}`, alice, { title: 'Renamed course', version: updated.version }),
    );
    expect(renamed.hasChanges).toBe(true);
    await ok(send('POST', `/api/studio/courses/${course._id}/update`, alice, { version: renamed.version }));
    const after = await ok<CourseWithLessons>(send('GET', `/api/lession/getLessionList/${course._id}`));
    expect(after.title).toBe('Renamed course');
    expect(after.lessonlist.map((l) => l._id)).toContain(three._id);
  });

  it('does not hold back a learner: the course is complete (and certified) without it', async () => {
    const { course, first } = await publishedCourse();
    const added = await addLesson(t.app, alice, course._id);
    await createQuiz(t.database.db, { lessonId: added._id });
    await ok(send('PUT', `/api/progress/${first._id}/complete`, reader, { completed: true }));
    const progress = await ok<CourseProgress>(send('GET', `/api/progress/course/${course._id}`, reader));
    expect(progress).toMatchObject({ courseComplete: true, totalLessons: 1, completedLessons: 1 });
    expect(progress.practice.total).toBe(0);
    expect(progress.certificate).not.toBeNull();
  });
});

describe('lessons of a draft course', () => {
  it('are part of the draft: no publish of their own, published with the course', async () => {
    const draft = await postCourse(t.app, alice);
    const lesson = await addLesson(t.app, alice, draft._id, { title: 'Draft course lesson' });
    expect(lesson).toMatchObject({ status: 'draft', published: null });
    const refusal = /published with its course/;
    expect(await errorOf(send('POST', `/api/studio/lessons/${lesson._id}/update`, alice), 409)).toMatch(refusal);
    const patch = { status: 'published', version: lesson.version };
    expect(await errorOf(send('PATCH', `/api/studio/lessons/${lesson._id}`, alice, patch), 409)).toMatch(refusal);
    // 'draft' is what it already is.
    await ok(send('PATCH', `/api/studio/lessons/${lesson._id}`, alice, { status: 'draft', version: lesson.version }));
    expect((await send('GET', `/api/lession/getLession/${draft._id}/${lesson._id}`)).statusCode).toBe(404);

    const current = await ok<StudioCourse>(send('GET', `/api/studio/courses/${draft._id}`, alice));
    const published = await ok<StudioCourse>(
      send('PATCH', `/api/studio/courses/${draft._id}`, alice, { status: 'published', version: current.version }),
    );
    expect(published.lessons.map((l) => l.status)).toEqual(['published']);
    expect((await send('GET', `/api/lession/getLession/${draft._id}/${lesson._id}`)).statusCode).toBe(200);

    // A draft lesson of a course taken off becomes part of the draft course, and comes back with its publish.
    const later = await addLesson(t.app, alice, draft._id, { title: 'Added while published' });
    const off = await ok<StudioCourse>(
      send('PATCH', `/api/studio/courses/${draft._id}`, alice, { status: 'draft', version: published.version }),
    );
    const on = await ok<StudioCourse>(
      send('PATCH', `/api/studio/courses/${draft._id}`, alice, { status: 'published', version: off.version }),
    );
    expect(on.lessons.map((l) => [l.title, l.status])).toEqual([
      ['Draft course lesson', 'published'],
      ['Added while published', 'published'],
    ]);
    expect((await send('GET', `/api/lession/getLession/${draft._id}/${later._id}`)).statusCode).toBe(200);
  });
});

describe('lessons that were there before', () => {
  it('stay published: the catalogue reads and the Studio are unchanged', async () => {
    const cards = await ok<CourseCard[]>(send('GET', '/api/course/getCourse'));
    const seeded = cards.find((c) => c.title === 'Course A');
    expect(seeded?.lessonCount).toBe(3);
    const studio = await ok<StudioCourse>(send('GET', `/api/studio/courses/${seeded?._id}`, admin));
    expect(studio.lessons.map((l) => l.status)).toEqual(['published', 'published', 'published']);
  });
});

describe('who may publish a lesson', () => {
  it("its course's author and admins; another author 403, a learner 403, no one 401", async () => {
    const { course } = await publishedCourse();
    const added = await addLesson(t.app, alice, course._id);
    const publish = { status: 'published', version: added.version };
    for (const [user, status] of [
      [bob, 403],
      [reader, 403],
      [undefined, 401],
    ] as const) {
      expect((await send('POST', `/api/studio/lessons/${added._id}/update`, user)).statusCode).toBe(status);
      expect((await send('PATCH', `/api/studio/lessons/${added._id}`, user, publish)).statusCode).toBe(status);
      expect((await send('POST', `/api/studio/courses/${course._id}/update`, user)).statusCode).toBe(status);
    }
    expect(await errorOf(send('POST', `/api/studio/lessons/${added._id}/update`, bob), 403)).toMatch(
      /author or an admin/,
    );
    expect((await send('GET', `/api/lession/getLession/${course._id}/${added._id}`)).statusCode).toBe(404);
    const byAdmin = await ok<StudioLesson>(send('POST', `/api/studio/lessons/${added._id}/update`, admin));
    expect(byAdmin.status).toBe('published');
    const bad = { status: 'live', version: byAdmin.version };
    expect(await errorOf(send('PATCH', `/api/studio/lessons/${added._id}`, alice, bad), 400)).toMatch(/status/);
  });
});
