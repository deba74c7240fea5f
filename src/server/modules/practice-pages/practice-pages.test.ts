// The practice pages arrive as HTML: an exercise's prompt and starter code are readable without JavaScript (and no
// hidden test's code is in the page), the quiz page is a real form, and posting that form (form-urlencoded, no token)
// answers the quiz page with the score, each question's verdict and explanation, scored but not kept. The lesson page
// lists its practice items. The renderer is the web app's own entry, as the build bundles it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioExercise, StudioQuiz } from '../../../shared/practice';
import { createPageRenderer } from '../../../web/entry-server';
import { quizAttempts } from '../../db/schema';
import { createCourse, createLesson, createUser, type TestUser } from '../../test/factories';
import { call } from '../../test/kit';
import { createRenderingTestApp, parseHtml } from '../../test/rendering-test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let courseId: string;
let lessonId: string;
let quiz: StudioQuiz;
let exercise: StudioExercise;

const text = (html: string) => parseHtml(html).querySelector('#root')?.textContent ?? '';

/** The quiz form's fields as a browser sends them: one `q-{question}` per chosen choice. */
function formBody(choices: [questionIndex: number, choiceIndex: number][]): string {
  const fields = new URLSearchParams();
  for (const [q, c] of choices) fields.append(`q-${quiz.questions[q]._id}`, quiz.questions[q].choices[c]._id);
  return fields.toString();
}
const postForm = (id: string, body: string) =>
  t.app.inject({
    method: 'POST',
    url: `/quiz/${id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });

beforeAll(async () => {
  t = await createRenderingTestApp(createPageRenderer);
  const { db } = t.database;
  admin = await createUser(db, { role: 'admin' });
  courseId = (await createCourse(db)).id;
  lessonId = (await createLesson(db, { courseId })).id;
  const made = await call(t.app, 'POST', `/api/studio/lessons/${lessonId}/quizzes`, admin, {
    title: 'Arrays quiz',
    passMark: 50,
    questions: [
      {
        text: 'Which method adds to the end of an array?',
        multiple: false,
        choices: [
          { text: 'push', correct: true },
          { text: 'shift', correct: false },
        ],
        explanation: 'push appends; shift removes the first item.',
      },
      {
        text: 'Which of these are falsy?',
        multiple: true,
        choices: [
          { text: '0', correct: true },
          { text: "''", correct: true },
          { text: '[]', correct: false },
        ],
        explanation: 'An empty array is an object, and objects are truthy.',
      },
    ],
  });
  expect(made.statusCode, made.body).toBe(200);
  quiz = made.json<StudioQuiz>();
  const madeExercise = await call(t.app, 'POST', `/api/studio/lessons/${lessonId}/exercises`, admin, {
    title: 'Add two numbers',
    prompt: '<p>Write <code>add(a, b)</code> that returns the sum.</p>',
    language: 'javascript',
    starterCode: 'function add(a, b) {\n  return 0;\n}',
    solution: 'function add(a, b) {\n  return a + b;\n}',
    tests: [
      { name: 'adds 2 and 3', code: 'assert.strictEqual(add(2, 3), 5);', hidden: false },
      { name: 'secret', code: 'assert.strictEqual(add(40, 2), 42424242 / 1010101);', hidden: true },
    ],
  });
  expect(madeExercise.statusCode, madeExercise.body).toBe(200);
  exercise = madeExercise.json<StudioExercise>();
  expect(exercise.valid, JSON.stringify(exercise.check)).toBe(true);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the exercise page without JavaScript', () => {
  it('has the title, the prompt, the starter code in a <pre> and the visible tests, never a hidden test’s code', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/exercise/${exercise._id}` });
    expect(res.statusCode).toBe(200);
    const doc = parseHtml(res.body);
    expect(doc.querySelector('h1')?.textContent).toContain('Add two numbers');
    expect(text(res.body)).toContain('that returns the sum');
    expect(doc.querySelector('pre code')?.textContent).toBe('function add(a, b) {\n  return 0;\n}');
    expect(text(res.body)).toContain('adds 2 and 3');
    expect(text(res.body)).toContain('1 hidden test');
    expect(res.body).not.toContain('42424242');
    expect(res.body).not.toContain('return a + b');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(
      new RegExp(`/exercise/${exercise._id}$`),
    );
  });
});

describe('the quiz page without JavaScript', () => {
  it('is a form posting to its own address, each question a fieldset with its legend and named fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/quiz/${quiz._id}` });
    expect(res.statusCode).toBe(200);
    const doc = parseHtml(res.body);
    const form = doc.querySelector('form.quiz-form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe(`/quiz/${quiz._id}`);
    const fieldsets = [...doc.querySelectorAll('fieldset')];
    expect(fieldsets).toHaveLength(2);
    expect(fieldsets[0].querySelector('legend')?.textContent).toContain('Which method adds to the end');
    expect(fieldsets[0].querySelectorAll(`input[type="radio"][name="q-${quiz.questions[0]._id}"]`)).toHaveLength(2);
    expect(fieldsets[1].querySelectorAll(`input[type="checkbox"][name="q-${quiz.questions[1]._id}"]`)).toHaveLength(3);
    // No answer and no explanation before the quiz is answered.
    expect(res.body).not.toContain('push appends');
  });

  it('answers the posted form with the result page: score, Passed, each question right with its explanation', async () => {
    const res = await postForm(
      quiz._id,
      formBody([
        [0, 0],
        [1, 0],
        [1, 1],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = text(res.body);
    expect(page).toContain('Passed');
    expect(page).toContain('Score: 2 / 2');
    expect(page).toContain('push appends');
    expect(page).toContain('Log in to keep your result');
    // The learner's answers stay ticked.
    const doc = parseHtml(res.body);
    expect(doc.querySelector(`input[value="${quiz.questions[0].choices[0]._id}"]`)?.hasAttribute('checked')).toBe(true);
    // Scored, not kept: a form post has no learner.
    const kept = await t.database.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, quiz._id));
    expect(kept).toHaveLength(0);
  });

  it('says which questions were wrong, in words, and Not passed under the pass mark', async () => {
    const res = await postForm(quiz._id, formBody([[0, 1]]));
    expect(res.statusCode).toBe(200);
    const page = text(res.body);
    expect(page).toContain('Not passed');
    expect(page).toContain('Score: 0 / 2');
    expect(page).toContain('Wrong');
    expect(page).toContain('An empty array is an object');
  });

  it('shows a refused answer above the form, and answers 404 with the 404 view for an unknown quiz', async () => {
    const other = new URLSearchParams({ [`q-${quiz.questions[0]._id}`]: quiz.questions[1].choices[0]._id });
    const refused = await postForm(quiz._id, other.toString());
    expect(refused.statusCode).toBe(200);
    expect(text(refused.body)).toContain('is not a choice of question');

    const unknown = await postForm('00000000-0000-4000-8000-000000000000', '');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
  });

  it('leaves every API call JSON-only: a form body to the attempts call is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/quizzes/${quiz._id}/attempts`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'auth-token': admin.token },
      payload: formBody([[0, 0]]),
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('the lesson page', () => {
  it('lists its practice items after the content, each linking to its page', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/course/${courseId}/${lessonId}` });
    expect(res.statusCode).toBe(200);
    const doc = parseHtml(res.body);
    const section = [...doc.querySelectorAll('section')].find((s) => s.querySelector('h2')?.textContent === 'Practice');
    const links = [...(section?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href'));
    expect(links).toEqual([`/quiz/${quiz._id}`, `/exercise/${exercise._id}`]);
  });
});
