// @vitest-environment happy-dom
// The Practice section of the tutorial editor against a stubbed fetch: the list with a failed check, adding an
// exercise whose check fails then passes, the schema's and the server's refusals, a 409, a quiz with two questions,
// reordering by keyboard, deleting after a confirmation, a published item's Update and Discard changes, and the
// links to an item's preview.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StudioExercise, StudioQuiz } from '../../../../shared/practice';
import type { StudioTutorial } from '../../../../shared/studio';
import { signIn, signOut } from '../../../lib/session';
import { fakeServer, json, ME, renderStudio, type Call } from '../studio-test-helpers';
import { CHECK_TEXTS } from './check-result';

// Tiptap is a lazy chunk of its own; here a textarea with the same label stands in for it.
vi.mock('../components/authored-editor', () => ({
  AuthoredEditor: ({ label, value, onChange }: { label: string; value: string; onChange: (html: string) => void }) => (
    <textarea aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} />
  ),
}));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  signOut();
  signIn('tok', ME.admin._id);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tutorial: StudioTutorial = {
  _id: 't1',
  title: 'Tutorial one',
  image: '/media/t.png',
  content: '<p>Content</p>',
  status: 'draft',
  version: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-23T15:30:00.000Z',
  author: { _id: 'u-admin', name: 'Ada Admin' },
  hasChanges: false,
  published: null,
};

const passing = { solutionPasses: true, starterFails: true, failures: [] };

const exercise = (overrides: Partial<StudioExercise> = {}): StudioExercise => ({
  _id: 'e1',
  kind: 'exercise',
  title: 'Add two numbers',
  prompt: '<p>Write add.</p>',
  language: 'javascript',
  starterCode: 'function add(a, b) {}',
  solution: 'function add(a, b) { return a + b; }',
  tests: [{ _id: 'x1', name: 'adds', code: 'assert.strictEqual(add(2, 3), 5);', hidden: false }],
  timeLimitMs: 2000,
  valid: true,
  check: passing,
  lessonId: null,
  tutorialId: 't1',
  position: 0,
  version: 1,
  updatedAt: '2026-11-23T15:30:00.000Z',
  hasChanges: false,
  published: null,
  ...overrides,
});

const quiz = (overrides: Partial<StudioQuiz> = {}): StudioQuiz => ({
  _id: 'q1',
  kind: 'quiz',
  title: 'Closures quiz',
  passMark: 70,
  questions: [
    {
      _id: 'qq1',
      text: 'What is a closure?',
      multiple: false,
      choices: [
        { _id: 'c1', text: 'A function with its scope', correct: true },
        { _id: 'c2', text: 'A loop', correct: false },
      ],
      explanation: 'It keeps its scope.',
    },
  ],
  lessonId: null,
  tutorialId: 't1',
  position: 1,
  version: 1,
  updatedAt: '2026-11-23T15:30:00.000Z',
  hasChanges: false,
  published: null,
  ...overrides,
});

/** The list's rows (a failed check's own list of failures is inside its row). */
const rows = (section: HTMLElement) => [...section.querySelectorAll<HTMLElement>('.practice-row')];

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

function serve(items: (StudioExercise | StudioQuiz)[], more: Parameters<typeof fakeServer>[1] = {}) {
  return fakeServer(fetchMock, {
    'GET /api/auth/me': () => json(200, ME.admin),
    'GET /api/studio/tutorials/t1': () => json(200, tutorial),
    'GET /api/studio/tutorials/t1/practice': () => json(200, { items }),
    ...more,
  });
}

async function practiceSection() {
  renderStudio('/studio/tutorials/t1');
  const heading = await screen.findByRole('heading', { level: 2, name: 'Practice' });
  return heading.closest('section') as HTMLElement;
}

const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('the Practice section', () => {
  it("shows the server's refusal of the list as it said it (an author on another author's lesson)", async () => {
    serve([], {
      'GET /api/studio/tutorials/t1/practice': () =>
        json(403, { error: 'Only the author of this tutorial or an admin can change it.' }),
    });
    const section = await practiceSection();
    expect((await within(section).findByRole('alert')).textContent).toContain(
      'The practice items could not be loaded: Only the author of this tutorial or an admin can change it.',
    );
  });

  it('lists the items in order with their kind, and an exercise that fails its check says so with the failures', async () => {
    serve([
      exercise({
        valid: false,
        check: {
          solutionPasses: false,
          starterFails: false,
          failures: [{ test: 'adds', message: 'Expected 5, got undefined' }],
        },
      }),
      quiz(),
    ]);
    const section = await practiceSection();
    await within(section).findByText('Closures quiz', { selector: '.lesson-row__title' });
    expect(rows(section).map((row) => row.querySelector('.lesson-row__title')?.textContent)).toEqual([
      'Add two numbers',
      'Closures quiz',
    ]);
    const [first, second] = rows(section);
    expect(first.textContent).toContain('Exercise · JavaScript');
    expect(first.textContent).toContain(CHECK_TEXTS.failed);
    expect(first.textContent).toContain('“adds”: Expected 5, got undefined');
    expect(first.textContent).toContain(CHECK_TEXTS.starterPasses);
    expect(second.textContent).toContain('Quiz');
    expect(second.textContent).not.toContain('Check');
  });

  it('adds an exercise whose check fails, then a fixed starter passes it: POST, then PATCH with the version', async () => {
    let saved = 0;
    const calls = serve([], {
      'POST /api/studio/tutorials/t1/exercises': () =>
        json(
          200,
          exercise({
            _id: 'e9',
            valid: false,
            check: { solutionPasses: true, starterFails: false, failures: [] },
            starterCode: 'function add(a, b) { return a + b; }',
          }),
        ),
      'PATCH /api/studio/exercises/e9': () => json(200, exercise({ _id: 'e9', version: 2 + saved++ })),
    });
    const section = await practiceSection();
    fireEvent.click(within(section).getByRole('button', { name: 'Add exercise' }));
    const form = within(section).getByRole('region', { name: 'New exercise' });
    expect(document.activeElement?.textContent).toBe('New exercise');
    expect(within(form).getByLabelText<HTMLInputElement>('Time limit (ms)').value).toBe('2000');
    type(form, 'Exercise title', 'Add two numbers');
    type(form, 'Prompt', '<p>Write add.</p>');
    fireEvent.change(within(form).getByLabelText('Language'), { target: { value: 'typescript' } });
    type(form, 'Starter code', 'function add(a, b) { return a + b; }');
    type(form, 'Reference solution', 'function add(a, b) { return a + b; }');
    const test1 = within(form).getByRole('group', { name: 'Test 1' });
    type(test1, 'Test name', 'adds');
    type(test1, 'Test code', 'assert.strictEqual(add(2, 3), 5);');
    fireEvent.click(within(form).getByRole('button', { name: 'Add test' }));
    const test2 = within(form).getByRole('group', { name: 'Test 2' });
    type(test2, 'Test name', 'secret');
    type(test2, 'Test code', 'assert.strictEqual(add(1, 1), 2);');
    fireEvent.click(within(test2).getByLabelText('Hidden test'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save exercise' }));

    const result = form.querySelector('.practice-form__result') as HTMLElement;
    await waitFor(() => expect(result.textContent).toContain(CHECK_TEXTS.failed));
    expect(result.getAttribute('aria-live')).toBe('polite');
    expect(result.textContent).toContain(CHECK_TEXTS.starterPasses);
    expect(writes(calls)[0]).toEqual({
      method: 'POST',
      url: '/api/studio/tutorials/t1/exercises',
      body: {
        title: 'Add two numbers',
        prompt: '<p>Write add.</p>',
        language: 'typescript',
        starterCode: 'function add(a, b) { return a + b; }',
        solution: 'function add(a, b) { return a + b; }',
        tests: [
          { name: 'adds', code: 'assert.strictEqual(add(2, 3), 5);', hidden: false },
          { name: 'secret', code: 'assert.strictEqual(add(1, 1), 2);', hidden: true },
        ],
        timeLimitMs: 2000,
      },
    });
    // The new exercise is listed, with its failed check, and announced.
    await waitFor(() => expect(rows(section)[0]?.textContent).toContain(CHECK_TEXTS.failed));
    expect(section.textContent).toContain('Added exercise “Add two numbers” as item 1.');

    type(form, 'Starter code', 'function add(a, b) {}');
    fireEvent.click(within(form).getByRole('button', { name: 'Save exercise' }));
    await waitFor(() => expect(result.textContent).toBe(`✓ ${CHECK_TEXTS.passed}`));
    expect(writes(calls)[1]).toMatchObject({
      method: 'PATCH',
      url: '/api/studio/exercises/e9',
      body: { starterCode: 'function add(a, b) {}', version: 1 },
    });
    await waitFor(() => expect(rows(section)[0].textContent).not.toContain('Check failed'));
    expect(rows(section)[0].textContent).toContain('✓ Checked');
    expect(within(form).getByText('Saved')).toBeTruthy();
  });

  it("shows what the schema finds before sending, and the server's 400 as it said it", async () => {
    const calls = serve([], {
      'POST /api/studio/tutorials/t1/exercises': () =>
        json(400, { error: 'timeLimitMs must be between 100 and 10000' }),
    });
    const section = await practiceSection();
    fireEvent.click(within(section).getByRole('button', { name: 'Add exercise' }));
    const form = within(section).getByRole('region', { name: 'New exercise' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save exercise' }));
    expect(await within(form).findByText('title is required')).toBeTruthy();
    type(form, 'Exercise title', 'Add');
    fireEvent.click(within(form).getByRole('button', { name: 'Save exercise' }));
    expect(await within(form).findByText('Test 1: each test needs a name')).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    const test1 = within(form).getByRole('group', { name: 'Test 1' });
    type(test1, 'Test name', 'adds');
    type(test1, 'Test code', 'assert.ok(true);');
    fireEvent.click(within(form).getByRole('button', { name: 'Save exercise' }));
    expect(await within(form).findByText('timeLimitMs must be between 100 and 10000')).toBeTruthy();
    expect(within(form).getByText('Not saved yet')).toBeTruthy();
  });

  it('a 409 stops the save and Reload brings the current version into the form', async () => {
    let version = 1;
    serve([exercise()], {
      'PATCH /api/studio/exercises/e1': () => json(409, { error: 'changed by someone else' }),
      'GET /api/studio/exercises/e1': () => json(200, exercise({ title: 'Their title', version: ++version })),
    });
    const section = await practiceSection();
    fireEvent.click(await within(section).findByRole('button', { name: 'Edit Add two numbers' }));
    const form = within(section).getByRole('region', { name: 'Edit exercise: Add two numbers' });
    type(form, 'Exercise title', 'My title');
    fireEvent.click(within(form).getByRole('button', { name: 'Save exercise' }));
    expect(await within(form).findByText(/Someone else changed this exercise/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(within(form).getByLabelText<HTMLInputElement>('Exercise title').value).toBe('Their title'),
    );
    expect(within(form).queryByText(/Someone else changed this exercise/)).toBeNull();
  });

  it("a published item's saves wait for Update: the state says so, Update saves what is typed first, Discard asks", async () => {
    const live = { title: 'Add two numbers', updatedAt: '2026-11-23T15:30:00.000Z' };
    const calls = serve([exercise({ published: live })], {
      'PATCH /api/studio/exercises/e1': ({ body }) =>
        json(
          200,
          exercise({ title: (body as { title: string }).title, version: 2, hasChanges: true, published: live }),
        ),
      'POST /api/studio/exercises/e1/update': () =>
        json(200, exercise({ title: 'Add them', version: 3, published: { ...live, title: 'Add them' } })),
      'POST /api/studio/exercises/e1/discard': () => json(200, exercise({ version: 4, published: live })),
    });
    const section = await practiceSection();
    fireEvent.click(await within(section).findByRole('button', { name: 'Edit Add two numbers' }));
    const form = within(section).getByRole('region', { name: 'Edit exercise: Add two numbers' });
    expect(within(form).getByText('Published · readers see this version')).toBeTruthy();
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Update exercise' }).disabled).toBe(true);
    type(form, 'Exercise title', 'Add them');
    expect(within(form).getByText('Published · unsaved changes')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Update exercise' }));
    await waitFor(() => expect(within(form).getByText('Published · readers see this version')).toBeTruthy());
    expect(writes(calls).map((c) => [c.method, c.url, c.body])).toEqual([
      ['PATCH', '/api/studio/exercises/e1', expect.objectContaining({ title: 'Add them', version: 1 })],
      ['POST', '/api/studio/exercises/e1/update', { version: 2 }],
    ]);

    type(form, 'Exercise title', 'Add them all');
    fireEvent.click(within(form).getByRole('button', { name: 'Save exercise' }));
    expect(await within(form).findByText('Changes not yet published')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Discard exercise changes' }));
    const dialog = await screen.findByRole('dialog', { name: "Discard the exercise's changes?" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() =>
      expect(within(form).getByLabelText<HTMLInputElement>('Exercise title').value).toBe('Add two numbers'),
    );
    expect(writes(calls).at(-1)).toMatchObject({ method: 'POST', url: '/api/studio/exercises/e1/discard' });
  });

  it("links to the item's preview beside Update, or on its own in a draft, and shares a preview link", async () => {
    const live = { title: 'Add two numbers', updatedAt: '2026-11-23T15:30:00.000Z' };
    const calls = serve([exercise({ published: live }), quiz()], {
      'POST /api/studio/exercises/e1/preview-link': () =>
        json(200, {
          url: 'https://devcourses.example/preview/exercise/e1?token=t0k',
          expiresAt: '2026-11-28T10:00:00.000Z',
        }),
    });
    const section = await practiceSection();
    fireEvent.click(await within(section).findByRole('button', { name: 'Edit Add two numbers' }));
    const form = within(section).getByRole('region', { name: 'Edit exercise: Add two numbers' });
    const preview = within(form).getByRole('link', { name: 'Preview exercise' });
    expect(preview.getAttribute('href')).toBe('/preview/exercise/e1');
    // Among Update's buttons.
    expect(preview.parentElement).toBe(within(form).getByRole('button', { name: 'Update exercise' }).parentElement);
    fireEvent.click(within(form).getByRole('button', { name: 'Share preview link' }));
    const url = await within(form).findByLabelText(/^Preview link \(works signed out until/);
    expect((url as HTMLInputElement).value).toBe('https://devcourses.example/preview/exercise/e1?token=t0k');
    expect(writes(calls).map((c) => [c.method, c.url])).toEqual([['POST', '/api/studio/exercises/e1/preview-link']]);

    // An item nobody reads yet (its tutorial is a draft) is previewed too.
    fireEvent.click(within(form).getByRole('button', { name: 'Close' }));
    fireEvent.click(await within(section).findByRole('button', { name: 'Edit Closures quiz' }));
    const quizForm = within(section).getByRole('region', { name: 'Edit quiz: Closures quiz' });
    expect(within(quizForm).getByRole('link', { name: 'Preview quiz' }).getAttribute('href')).toBe('/preview/quiz/q1');
    expect(within(quizForm).queryByRole('button', { name: 'Update quiz' })).toBeNull();
  });

  it("a published item's History lists its published versions and Restore puts one into its working copy", async () => {
    const live = { title: 'Add them', updatedAt: '2026-11-24T09:00:00.000Z' };
    const calls = serve([exercise({ title: 'Add them', published: live })], {
      'GET /api/studio/exercises/e1/revisions': () =>
        json(200, {
          revisions: [
            { _id: 'r2', title: 'Add them', by: { _id: 'u-admin', name: 'Ada Admin' }, at: '2026-11-24T09:00:00.000Z' },
            {
              _id: 'r1',
              title: 'Add two numbers',
              by: { _id: 'u-admin', name: 'Ada Admin' },
              at: '2026-11-23T15:30:00.000Z',
            },
          ],
        }),
      'POST /api/studio/exercises/e1/revisions/r1/restore': () =>
        json(200, exercise({ title: 'Add two numbers', version: 2, hasChanges: true, published: live })),
    });
    const section = await practiceSection();
    fireEvent.click(await within(section).findByRole('button', { name: 'Edit Add them' }));
    const form = within(section).getByRole('region', { name: 'Edit exercise: Add them' });
    const history = within(form).getByText('History').closest('details') as HTMLDetailsElement;
    history.open = true;
    fireEvent(history, new Event('toggle'));
    const restore = await within(history).findByRole('button', { name: /^Restore “Add two numbers” of / });
    fireEvent.click(restore);
    expect(await within(form).findByText('Changes not yet published')).toBeTruthy();
    expect(within(form).getByLabelText<HTMLInputElement>('Exercise title').value).toBe('Add two numbers');
    expect(writes(calls).map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/studio/exercises/e1/revisions/r1/restore', { version: 1 }],
    ]);
  });

  it('adds a quiz with two questions, a single and a multiple answer', async () => {
    const calls = serve([], {
      'POST /api/studio/tutorials/t1/quizzes': () => json(200, quiz({ _id: 'q9', title: 'Scope quiz' })),
    });
    const section = await practiceSection();
    fireEvent.click(within(section).getByRole('button', { name: 'Add quiz' }));
    const form = within(section).getByRole('region', { name: 'New quiz' });
    type(form, 'Quiz title', 'Scope quiz');
    type(form, 'Pass mark (%)', '50');
    const q1 = within(form).getByRole('group', { name: 'Question 1' });
    type(q1, 'Question text', 'Is let block-scoped?');
    type(q1, 'Choice 1', 'Yes');
    type(q1, 'Choice 2', 'No');
    fireEvent.click(within(q1).getByLabelText('Correct (choice 1)'));
    type(q1, 'Explanation', 'let is block-scoped.');

    fireEvent.click(within(form).getByRole('button', { name: 'Add question' }));
    const q2 = within(form).getByRole('group', { name: 'Question 2' });
    fireEvent.click(within(q2).getByLabelText('Several correct answers'));
    type(q2, 'Question text', 'Which are falsy?');
    fireEvent.click(within(q2).getByRole('button', { name: 'Add choice to question 2' }));
    type(q2, 'Choice 1', '0');
    type(q2, 'Choice 2', "''");
    type(q2, 'Choice 3', '[]');
    fireEvent.click(within(q2).getByLabelText('Correct (choice 1)'));
    fireEvent.click(within(q2).getByLabelText('Correct (choice 2)'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save quiz' }));

    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual({
      method: 'POST',
      url: '/api/studio/tutorials/t1/quizzes',
      body: {
        title: 'Scope quiz',
        passMark: 50,
        questions: [
          {
            text: 'Is let block-scoped?',
            multiple: false,
            choices: [
              { text: 'Yes', correct: true },
              { text: 'No', correct: false },
            ],
            explanation: 'let is block-scoped.',
          },
          {
            text: 'Which are falsy?',
            multiple: true,
            choices: [
              { text: '0', correct: true },
              { text: "''", correct: true },
              { text: '[]', correct: false },
            ],
            explanation: '',
          },
        ],
      },
    });
    expect(await within(section).findByText('Scope quiz', { selector: '.lesson-row__title' })).toBeTruthy();
  });

  it('Move down PUTs every id in the new order and keeps focus on the moved item; Delete asks first', async () => {
    const items = [exercise(), quiz()];
    const calls = serve(items, {
      'PUT /api/studio/tutorials/t1/practice-order': () => json(200, { items: [items[1], items[0]] }),
      'DELETE /api/studio/quizzes/q1': () => json(200, items[1]),
    });
    const section = await practiceSection();
    const down = await within(section).findByRole('button', { name: 'Move Add two numbers down' });
    down.focus();
    fireEvent.click(down);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Add two numbers up'));
    expect(writes(calls)[0]).toEqual({
      method: 'PUT',
      url: '/api/studio/tutorials/t1/practice-order',
      body: { ids: ['q1', 'e1'] },
    });
    expect(section.textContent).toContain('“Add two numbers” moved to position 2 of 2.');

    fireEvent.click(within(section).getByRole('button', { name: 'Delete Closures quiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this quiz?' });
    expect(writes(calls)).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows(section)).toHaveLength(1));
    expect(writes(calls)[1]).toMatchObject({ method: 'DELETE', url: '/api/studio/quizzes/q1' });
    expect(section.textContent).toContain('Deleted “Closures quiz”.');
  });
});
