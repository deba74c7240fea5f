// The demo catalogue's practice as `npm start` shows it: every course has at least two exercises and a quiz on its
// lessons, in JavaScript, TypeScript and Python among them, and one tutorial has a runnable example per language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseWithLessons } from '../../../../shared/contract';
import { practiceList } from '../../../../shared/practice';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedDemoContent } from '../seed';
import * as demoContent from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const counts = await seedDemoContent(t.database.db, demoContent);
  expect(counts.practice).toBeGreaterThan(0);
});
afterAll(() => t.close());

describe('demo practice', () => {
  it('gives every course at least two exercises and one quiz that learners see, in JS, TS and Python', async () => {
    const cards = (await t.app.inject({ method: 'GET', url: '/api/course/getCourse' })).json<{ _id: string }[]>();
    expect(cards.length).toBe(demoContent.courses.length);
    const languages = new Set<string>();
    for (const card of cards) {
      const res = await t.app.inject({ method: 'GET', url: `/api/lession/getLessionList/${card._id}` });
      const course = res.json<CourseWithLessons>();
      const kinds: string[] = [];
      for (const lesson of course.lessonlist) {
        const list = practiceList.parse(
          (await t.app.inject({ method: 'GET', url: `/api/practice/lesson/${lesson._id}` })).json(),
        );
        for (const item of list.items) {
          kinds.push(item.kind);
          if (item.kind === 'exercise') {
            const exercise = (await t.app.inject({ method: 'GET', url: `/api/exercises/${item._id}` })).json<{
              language: string;
            }>();
            languages.add(exercise.language);
          }
        }
      }
      expect(kinds.filter((kind) => kind === 'exercise').length, course.title).toBeGreaterThanOrEqual(2);
      expect(kinds.filter((kind) => kind === 'quiz').length, course.title).toBeGreaterThanOrEqual(1);
    }
    expect([...languages].sort()).toEqual(['javascript', 'python', 'typescript']);
  });

  it('has a tutorial with a runnable example in each of javascript, typescript, python and html', () => {
    const runnable = demoContent.tutorials.find((tutorial) =>
      ['javascript', 'typescript', 'python', 'html'].every((language) =>
        tutorial.content.includes(`<pre><code class="language-${language}">`),
      ),
    );
    expect(runnable?.title).toBe('Run your first lines of code');
  });
});
