// The Studio's media addresses (course cover, tutorial image, lesson video and captions): a path must stay under
// /media/ once decoded, an absolute URL must be spelled out plainly, and captions must be a file on this site (the
// transcript's fetch may only reach this site). Each refusal is a 400 naming the field; nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioCourse, StudioLesson } from '../../../shared/studio';
import type { TestUser } from '../../test/factories';
import { call, errorOf } from '../../test/kit';
import type { TestApp } from '../../test/test-app';
import {
  addLesson,
  courseBody,
  postCourse,
  postTutorial,
  lessonBody,
  studioTestApp,
  tutorialBody,
} from './studio-test-kit';

let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  ({ t, alice } = await studioTestApp());
});
afterAll(() => t.close());

/** Addresses that resolve somewhere else than they seem to: out of /media/, or to another host. */
const ESCAPING = [
  '/media/../api/auth/me',
  '/media/./../api/auth/me',
  '/media/%2e%2e/api/auth/me',
  '/media/%2E%2e/api/auth/me',
  '/media/.%2e/api/auth/me',
  '/media/uploads/..%2F..%2Fapi%2Fauth%2Fme',
  '/media/uploads/%2e%2e%2f%2e%2e%2fapi/auth/me',
  '/media/uploads/..',
  '/media/..',
  '/media\\..\\api\\auth\\me',
  '/media/%5c..%5capi',
  '/media/%zz.png',
  '/api/auth/me',
  '//evil.example/x.png',
  'https:\\\\evil.example',
  'https:\\\\evil.example\\x.png',
  'https:/\\evil.example/x.png',
  'https:evil.example/x.png',
  'http://evil.example/a/../x.png',
  'https://evil.example/a/%2e%2E/x.png',
];
// (A NUL character anywhere in a JSON body is refused before any route runs: lib/nul-characters.ts and its test.)

describe('media addresses that leave /media/ or hide another host', () => {
  it.each(ESCAPING)('%s is refused as a course cover, on create and on edit', async (cover) => {
    const created = await call(t.app, 'POST', '/api/studio/courses', alice, courseBody({ cover }));
    expect(created.statusCode, created.body).toBe(400);
    expect(errorOf(created)).toMatch(/^cover must be an http\(s\) URL or an uploaded file's \/media\/ path/);

    const course = await postCourse(t.app, alice);
    const patched = await call(t.app, 'PATCH', `/api/studio/courses/${course._id}`, alice, { cover, version: 1 });
    expect(patched.statusCode).toBe(400);
    expect(errorOf(patched)).toMatch(/^cover must be/);
    const stored = await call(t.app, 'GET', `/api/studio/courses/${course._id}`, alice);
    expect(stored.json<StudioCourse>()).toMatchObject({ cover: course.cover, version: 1 });
  });

  it.each(ESCAPING)('%s is refused as a lesson video and as a tutorial image', async (link) => {
    const course = await postCourse(t.app, alice);
    const lesson = await call(t.app, 'POST', `/api/studio/courses/${course._id}/lessons`, alice, lessonBody({ link }));
    expect(lesson.statusCode).toBe(400);
    expect(errorOf(lesson)).toMatch(/^link must be/);

    const tutorial = await call(t.app, 'POST', '/api/studio/tutorials', alice, tutorialBody({ image: link }));
    expect(tutorial.statusCode).toBe(400);
    expect(errorOf(tutorial)).toMatch(/^image must be/);
  });

  it.each([
    '/media/uploads/0f343b0931126a20f133d67c2b018a3b6e4bf9e93c6c9d5f0e6b4d2b3e6e5c1a.webm',
    '/media/lessons/html-1.webm',
    '/media/covers/html.svg',
    '/media/lessons/%68tml-1.webm',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://cdn.example/videos/a..b/clip.mp4',
    'HTTPS://cdn.example/clip.mp4#t=10',
  ])('%s is taken', async (link) => {
    const course = await postCourse(t.app, alice, { cover: link });
    expect(course.cover).toBe(link);
    const lesson = await addLesson(t.app, alice, course._id, { link });
    expect(lesson.link).toBe(link);
    expect((await postTutorial(t.app, alice, { image: link })).image).toBe(link);
  });
});

describe('lesson captions', () => {
  it.each([
    'https://captions.example/a.vtt',
    'http://127.0.0.1:3000/media/uploads/a.vtt',
    '/media/../api/auth/me',
    '/media/%2e%2e/x.vtt',
  ])('%s is refused with 400 naming captions: the player can only load captions from this site', async (captions) => {
    const course = await postCourse(t.app, alice);
    const res = await call(t.app, 'POST', `/api/studio/courses/${course._id}/lessons`, alice, lessonBody({ captions }));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toBe(
      'captions must be a file on this site (upload it: a /media/ path); captions on another site cannot be loaded',
    );

    const lesson = await addLesson(t.app, alice, course._id, { captions: '/media/lessons/html-1.vtt' });
    const patched = await call(t.app, 'PATCH', `/api/studio/lessons/${lesson._id}`, alice, { captions, version: 1 });
    expect(patched.statusCode).toBe(400);
    expect(errorOf(patched)).toMatch(/^captions must be a file on this site/);
    const stored = await call(t.app, 'GET', `/api/studio/courses/${course._id}`, alice);
    expect(stored.json<StudioCourse>().lessons[0]).toMatchObject({ captions: '/media/lessons/html-1.vtt', version: 1 });
  });

  it("takes an uploaded file's path and the demo's captions, and null for none", async () => {
    const course = await postCourse(t.app, alice);
    const uploaded = `/media/uploads/${'a'.repeat(64)}.vtt`;
    const lesson = await addLesson(t.app, alice, course._id, { captions: uploaded });
    expect(lesson.captions).toBe(uploaded);
    const res = await call(t.app, 'PATCH', `/api/studio/lessons/${lesson._id}`, alice, {
      captions: '/media/lessons/css-1.vtt',
      version: 1,
    });
    expect(res.json<StudioLesson>().captions).toBe('/media/lessons/css-1.vtt');
    const cleared = await call(t.app, 'PATCH', `/api/studio/lessons/${lesson._id}`, alice, {
      captions: null,
      version: 2,
    });
    expect(cleared.json<StudioLesson>().captions).toBeNull();
  });
});
