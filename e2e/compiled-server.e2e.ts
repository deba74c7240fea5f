// The compiled server, started as `npm start` starts it, finds the project's own files: the demo lessons' videos
// under public/ give every demo lesson its duration (so course totals and the lesson page's VideoObject have one),
// and a lesson the Studio saves with a link to one of those files reads its duration too.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CourseCard, CourseWithLessons } from '../src/shared/contract';
import type { StudioLesson } from '../src/shared/studio';
import { callApi, createAccount, serveCommand, startServer, type RunningServer } from './harness';

const ADMIN_EMAIL = `compiled-admin-${Date.now()}@example.test`;
let server: RunningServer;

beforeAll(async () => {
  // From an empty DATA_DIR, as a newcomer's first `npm start`: the cluster made, migrated and seeded.
  server = await startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL }, from: null });
});
afterAll(async () => {
  await server?.stop();
});

const get = <T>(path: string) => callApi<T>(server, 'GET', path);

describe('the compiled server (npm start)', () => {
  test('is what the browser tests start', () => {
    expect(serveCommand().at(-1)).toBe('dist/server/main.js');
  });

  test('every demo lesson has the duration of its video, and every demo course a total', async () => {
    const cards = await get<CourseCard[]>('/api/course/getCourse');
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards.filter((c) => c.lessonCount > 0)) {
      expect(card.duration, card.title).toBeGreaterThan(0);
      const course = await get<CourseWithLessons>(`/api/lession/getLessionList/${card._id}`);
      for (const lesson of course.lessonlist) expect(lesson.duration, lesson.title).toBeGreaterThan(0);
    }
  });

  test("a lesson page's VideoObject says how long the video is", async () => {
    const [card] = (await get<CourseCard[]>('/api/course/getCourse')).filter((c) => c.lessonCount > 0);
    const course = await get<CourseWithLessons>(`/api/lession/getLessionList/${card._id}`);
    const lesson = course.lessonlist[0];
    const html = await (await fetch(`${server.url}/course/${course._id}/${lesson._id}`)).text();
    const video = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
      .map(([, json]) => JSON.parse(json) as Record<string, unknown>)
      .find((item) => item['@type'] === 'VideoObject');
    expect(video?.duration).toMatch(/^PT(\d+M)?\d+(\.\d+)?S$/);
  });

  test('a lesson saved in the Studio with a link to a demo video reads its duration', async () => {
    const admin = await createAccount(server, 'Compiled Admin', { email: ADMIN_EMAIL });
    const [card] = (await get<CourseCard[]>('/api/course/getCourse')).filter((c) => c.lessonCount > 0);
    const before = await get<CourseWithLessons>(`/api/lession/getLessionList/${card._id}`);
    const link = before.lessonlist[0].link;
    const added = await callApi<StudioLesson>(server, 'POST', `/api/studio/courses/${card._id}/lessons`, admin, {
      title: 'Read from the compiled server',
      link,
      description: '<p>Its duration comes from the file.</p>',
    });
    // Added to a published course, it is a draft until published.
    await callApi<StudioLesson>(server, 'POST', `/api/studio/lessons/${added._id}/update`, admin);
    const after = await get<CourseWithLessons>(`/api/lession/getLessionList/${card._id}`);
    const lesson = after.lessonlist.find((l) => l._id === added._id);
    expect(lesson?.duration).toBeGreaterThan(0);
    expect(lesson?.duration).toBe(before.lessonlist[0].duration);
  });
});
