// A lesson's video and a tutorial's image are optional: a text lesson (no video) and a tutorial without an image
// are valid, saved with an empty address, and read as such; a bad address is still refused naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseWithLessons } from '../../../shared/contract';
import type { StudioLesson, StudioTutorial } from '../../../shared/studio';
import { createUser, type TestUser } from '../../test/factories';
import { call, errorOf } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { postCourse } from './studio-test-kit';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.database.db, { role: 'admin' });
});
afterAll(() => t.close());

describe('optional media', () => {
  it('takes a text lesson (no video), answers it with an empty link and no duration, and readers get it', async () => {
    const course = await postCourse(t.app, admin, { status: 'published' });
    const res = await call(t.app, 'POST', `/api/studio/courses/${course._id}/lessons`, admin, {
      title: 'Reading only',
      description: '<p>Read this.</p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const lesson = res.json<StudioLesson>();
    expect(lesson.link).toBe('');
    // Added to a published course, it is a draft until the course's Update (or its own) publishes it.
    expect((await call(t.app, 'POST', `/api/studio/courses/${course._id}/update`, admin)).statusCode).toBe(200);
    const read = (await call(t.app, 'GET', `/api/lession/getLessionList/${course._id}`)).json<CourseWithLessons>();
    expect(read.lessonlist[0]).toMatchObject({ title: 'Reading only', link: '', duration: null });
    // A video can be added later, and taken away again.
    const patched = await call(t.app, 'PATCH', `/api/studio/lessons/${lesson._id}`, admin, {
      link: '',
      version: lesson.version,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(
      await errorOf(
        call(t.app, 'PATCH', `/api/studio/lessons/${lesson._id}`, admin, { link: 'javascript:x', version: 2 }),
        400,
      ),
    ).toMatch(/link/);
  });

  it('takes a tutorial without an image', async () => {
    const res = await call(t.app, 'POST', '/api/studio/tutorials', admin, { title: 'No picture', content: '<p>x</p>' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StudioTutorial>().image).toBe('');
    expect(
      await errorOf(call(t.app, 'POST', '/api/studio/tutorials', admin, { title: 'Bad', image: 'ftp://x' }), 400),
    ).toMatch(/image/);
  });
});
