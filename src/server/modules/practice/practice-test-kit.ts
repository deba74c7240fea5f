// What the practice tests share: an app with an admin and two authors (and the grader's pools sized by the test),
// lessons and tutorials owned by an author, published unless the test says otherwise, and a quiz's body.
import type { QuizInput } from '../../../shared/practice';
import type { AppOptions } from '../../app';
import type { Db } from '../../db/client';
import { createCourse, createLesson, createTutorial, createUser, type TestUser } from '../../test/factories';
import { createRenderingTestApp } from '../../test/rendering-test-app';
import { createTestApp, type TestAppOptions } from '../../test/test-app';

/** A fresh app with an admin, Ada, and two authors, Alice and Bob; with `render`, it serves pages as the built
 *  server does. */
export async function practiceTestApp({
  render,
  ...options
}: TestAppOptions & { render?: AppOptions['createPageRenderer'] } = {}) {
  const t = render ? await createRenderingTestApp(render, options) : await createTestApp(options);
  const admin = await createUser(t.database.db, { name: 'Ada Admin', role: 'admin' });
  const alice = await createUser(t.database.db, { name: 'Alice Author', role: 'author' });
  const bob = await createUser(t.database.db, { name: 'Bob Author', role: 'author' });
  return { t, admin, alice, bob };
}

type Status = 'draft' | 'published';

/** A lesson of a course the author wrote. */
export async function ownLesson(db: Db, author: TestUser, status: Status = 'published'): Promise<{ _id: string }> {
  const course = await createCourse(db, { authorId: author.id, status });
  return { _id: (await createLesson(db, { courseId: course.id })).id };
}

/** A tutorial the author wrote. */
export async function ownTutorial(db: Db, author: TestUser, status: Status = 'published'): Promise<{ _id: string }> {
  return { _id: (await createTutorial(db, { authorId: author.id, status })).id };
}

/** A one-question quiz as the Studio's create call takes it. */
export const quizBody = (overrides: Partial<QuizInput> = {}): QuizInput => ({
  title: 'Check yourself',
  passMark: 60,
  questions: [
    {
      text: 'Pick the even number',
      multiple: false,
      choices: [
        { text: '3', correct: false },
        { text: '4', correct: true },
      ],
      explanation: '4 = 2 × 2',
    },
  ],
  ...overrides,
});
