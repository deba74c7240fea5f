// Submissions graded by the real grader (QuickJS in worker threads, Pyodide in a child process) through the API: each
// verdict, hidden tests never leaked, the kept submissions bounded, the rate limit, hostile code answered while the
// server keeps answering, and the Studio's save-time check deciding whether learners see an exercise.
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ExerciseInput,
  PRACTICE,
  studioExercise,
  submission as submissionSchema,
  submissionList,
  TEXTS,
} from '../../../shared/practice';
import { exerciseSubmissions, practiceProgress } from '../../db/schema';
import { createCourse, createExercise, createLesson, createUser, type TestUser } from '../../test/factories';
import { call, errorOf } from '../../test/kit';
import { createTestApp } from '../../test/test-app';
import { within } from '../../test/within';
import { ownLesson, practiceTestApp } from './practice-test-kit';

let t: Awaited<ReturnType<typeof practiceTestApp>>['t'];
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
let learner: TestUser;
let lessonId: string;
let jsExercise: { id: string };
let pyExercise: { id: string };

// Hidden test code and values that must never appear in any answer.
const SECRET_CODE = 'assert.equal(add(-1234567, -7654321), -8888888);';
const SECRET_VALUES = ['1234567', '7654321', '8888888'];
const PY_SECRET = 'assert add(31337, 4242) == 35579, "secret 35579"';

beforeAll(async () => {
  ({ t, admin, alice, bob } = await practiceTestApp({ grader: { pool: { javascriptWorkers: 1, pythonWorkers: 1 } } }));
  learner = await createUser(t.database.db);
  const course = await createCourse(t.database.db);
  lessonId = (await createLesson(t.database.db, { courseId: course.id })).id;
  jsExercise = await createExercise(t.database.db, { lessonId, timeLimitMs: 1_000 });
  pyExercise = await createExercise(t.database.db, {
    lessonId,
    language: 'python',
    starterCode: 'def add(a, b):\n    return 0\n',
    solution: 'def add(a, b):\n    return a + b\n',
    tests: [
      {
        id: '30000000-0000-4000-8000-000000000001',
        name: 'adds',
        code: 'assert add(2, 3) == 5, "2 + 3 should be 5"',
        hidden: false,
      },
      { id: '30000000-0000-4000-8000-000000000002', name: 'secret', code: PY_SECRET, hidden: true },
    ],
    timeLimitMs: 2_000,
  });
}, 120_000);
afterAll(() => t.close());

const submit = (user: TestUser | undefined, id: string, code: string) =>
  call(t.app, 'POST', `/api/exercises/${id}/submissions`, user, { code });

function expectNoSecrets(body: string) {
  expect(body).not.toContain(SECRET_CODE);
  expect(body).not.toContain('adds negatives');
  for (const value of SECRET_VALUES) expect(body).not.toContain(value);
  expect(body).not.toContain('31337');
  expect(body).not.toContain('35579');
}

describe('verdicts', () => {
  it('passed: every test, the hidden one named Hidden test 1 with no message; the exercise is passed', async () => {
    const user = await createUser(t.database.db);
    const res = await submit(user, jsExercise.id, 'function add(a, b) { console.log("adding"); return a + b; }');
    expect(res.statusCode, res.body).toBe(200);
    const body = submissionSchema.parse(res.json());
    expect(body.verdict).toBe('passed');
    expect(body.tests).toEqual([
      { name: 'adds 2 and 3', passed: true, hidden: false },
      { name: 'Hidden test 1', passed: true, hidden: true },
    ]);
    expect(body.output).toContain('adding');
    expectNoSecrets(res.body);
    const exercise = await call(t.app, 'GET', `/api/exercises/${jsExercise.id}`, user);
    expect(exercise.json()).toMatchObject({ passed: true, savedCode: expect.stringContaining('a + b') as string });
  });

  it('failed: the failing visible test says why; a hidden failure says nothing; passing stays passed', async () => {
    const user = await createUser(t.database.db);
    await submit(user, jsExercise.id, 'function add(a, b) { return a + b; }');
    const res = await submit(user, jsExercise.id, 'function add(a, b) { return 5; }');
    const body = submissionSchema.parse(res.json());
    expect(body.verdict).toBe('failed');
    expect(body.tests[0]).toMatchObject({ name: 'adds 2 and 3', passed: true });
    expect(body.tests[1]).toEqual({ name: 'Hidden test 1', passed: false, hidden: true });
    expectNoSecrets(res.body);
    expect((await call(t.app, 'GET', `/api/exercises/${jsExercise.id}`, user)).json()).toMatchObject({ passed: true });
    const wrong = submissionSchema.parse((await submit(user, jsExercise.id, 'function add() { return 1; }')).json());
    expect(wrong.tests[0].passed).toBe(false);
    expect(wrong.tests[0].message).toBeTruthy();
  });

  it('error: code that does not compile or throws', async () => {
    const res = await submit(learner, jsExercise.id, 'function add(a, b) { return a + ; }');
    const body = submissionSchema.parse(res.json());
    expect(body.verdict).toBe('error');
    expect(body.error).toBeTruthy();
    expectNoSecrets(res.body);
  });

  it('timeout: an endless loop stops with the exercise limit in its message', async () => {
    const res = await submit(learner, jsExercise.id, 'while (true) {}');
    expect(res.statusCode, res.body).toBe(200);
    const body = submissionSchema.parse(res.json());
    expect(body.verdict).toBe('timeout');
    expect(res.body).toContain(TEXTS.timedOut(1_000));
  });

  it('Python: passed and failed, the hidden test kept secret', async () => {
    const pass = await submit(learner, pyExercise.id, 'def add(a, b):\n    return a + b\n');
    expect(pass.statusCode, pass.body).toBe(200);
    expect(submissionSchema.parse(pass.json()).verdict).toBe('passed');
    const fail = await submit(learner, pyExercise.id, 'def add(a, b):\n    return 5\n');
    const body = submissionSchema.parse(fail.json());
    expect(body.verdict).toBe('failed');
    expect(body.tests[1]).toEqual({ name: 'Hidden test 1', passed: false, hidden: true });
    expectNoSecrets(pass.body + fail.body);
  }, 60_000);

  it("lists the learner's own submissions newest first with their code, never the hidden tests", async () => {
    const user = await createUser(t.database.db);
    await submit(user, jsExercise.id, 'function add() { return 1; } // first');
    await submit(user, jsExercise.id, 'function add(a, b) { return a + b; } // second');
    await submit(learner, jsExercise.id, 'function add() { return 0; } // someone else');
    const res = await call(t.app, 'GET', `/api/exercises/${jsExercise.id}/submissions`, user);
    const list = submissionList.parse(res.json());
    expect(list.submissions.map((s) => s.code)).toEqual([
      'function add(a, b) { return a + b; } // second',
      'function add() { return 1; } // first',
    ]);
    expectNoSecrets(res.body);
    await errorOf(call(t.app, 'GET', `/api/exercises/${jsExercise.id}/submissions`), 401);
  });
});

describe('limits', () => {
  it('needs a token (401), a visible exercise (404) and code of at most 64 KB (413)', async () => {
    await errorOf(submit(undefined, jsExercise.id, 'x'), 401);
    const invalid = await createExercise(t.database.db, { lessonId, valid: false });
    for (const id of [invalid.id, '00000000-0000-4000-8000-000000000000', 'nope'])
      expect(await errorOf(submit(learner, id, 'x'), 404)).toBe('Exercise not found');
    expect(await errorOf(submit(learner, jsExercise.id, '€'.repeat(30_000)), 413)).toContain('64 KB');
    await errorOf(call(t.app, 'POST', `/api/exercises/${jsExercise.id}/submissions`, learner, { code: 42 }), 400);
  });

  it('keeps the latest 20 submissions of a learner per exercise', async () => {
    const user = await createUser(t.database.db);
    for (let i = 0; i < PRACTICE.submissionsKept + 3; i++)
      expect((await submit(user, jsExercise.id, `function add() { return ${i}; }`)).statusCode).toBe(200);
    const rows = await t.database.db
      .select({ code: exerciseSubmissions.code })
      .from(exerciseSubmissions)
      .where(and(eq(exerciseSubmissions.userId, user.id), eq(exerciseSubmissions.exerciseId, jsExercise.id)));
    expect(rows).toHaveLength(PRACTICE.submissionsKept);
    expect(rows.map((row) => row.code)).not.toContain('function add() { return 0; }');
    const listed = submissionList.parse(
      (await call(t.app, 'GET', `/api/exercises/${jsExercise.id}/submissions`, user)).json(),
    );
    expect(listed.submissions[0].code).toBe(`function add() { return ${PRACTICE.submissionsKept + 2}; }`);
  }, 60_000);

  it('keeps no more than 20 when one learner submits several at once, and keeps their latest code', async () => {
    const user = await createUser(t.database.db);
    for (let i = 0; i < PRACTICE.submissionsKept - 2; i++)
      expect((await submit(user, jsExercise.id, `function add() { return ${i}; }`)).statusCode).toBe(200);
    const together = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => submit(user, jsExercise.id, `function add() { return ${100 + i}; }`)),
    );
    expect(together.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await t.database.db
      .select({ code: exerciseSubmissions.code, seq: exerciseSubmissions.seq })
      .from(exerciseSubmissions)
      .where(and(eq(exerciseSubmissions.userId, user.id), eq(exerciseSubmissions.exerciseId, jsExercise.id)));
    expect(rows).toHaveLength(PRACTICE.submissionsKept);
    // Numbered one after another, the oldest three gone.
    expect(rows.map((row) => row.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: PRACTICE.submissionsKept }, (_, i) => i + 4),
    );
    const [kept] = await t.database.db
      .select({ code: practiceProgress.code, submissions: practiceProgress.submissions })
      .from(practiceProgress)
      .where(and(eq(practiceProgress.userId, user.id), eq(practiceProgress.itemId, jsExercise.id)));
    expect(kept.submissions).toBe(PRACTICE.submissionsKept + 3);
    const newest = rows.find((row) => row.seq === PRACTICE.submissionsKept + 3);
    expect(kept.code).toBe(newest?.code);
  }, 60_000);

  it('limits a learner to 30 submissions a minute (429 with Retry-After), others unaffected', async () => {
    const user = await createUser(t.database.db);
    for (let i = 0; i < PRACTICE.submissionsPerMinute; i++)
      expect((await submit(user, jsExercise.id, 'function add(a, b) { return a + b; }')).statusCode).toBe(200);
    const refused = await submit(user, jsExercise.id, 'function add(a, b) { return a + b; }');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await submit(learner, jsExercise.id, 'function add(a, b) { return a + b; }')).statusCode).toBe(200);
  }, 60_000);
});

describe('hostile code', () => {
  const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode;

  it('gets its verdict while /api/health answers 200 throughout', async () => {
    const cases: [string, string, string[]][] = [
      ['javascript', 'while (true) {}', ['timeout']],
      ['javascript', 'function f() { return f() + 1; } f();', ['error']],
      ['javascript', 'const a = []; while (true) a.push(new Array(1e6).fill(1));', ['error', 'timeout']],
      ['javascript', "const fs = require('fs');", ['error']],
      ['javascript', 'process.env.HOME;', ['error']],
      ['javascript', "fetch('http://example.com');", ['error']],
      ['javascript', "await import('node:fs');", ['error']],
      // The interpreter's file system is its own, in memory: the host's files are out of reach.
      ['python', 'import os\nprint(os.listdir("/etc"))', ['error', 'failed']],
      ['python', 'print(open("/etc/passwd").read())', ['error']],
      ['python', 'x = bytearray(200 * 1024 * 1024)', ['error']],
    ];
    for (const [language, code, verdicts] of cases) {
      const exercise = language === 'python' ? pyExercise : jsExercise;
      const user = await createUser(t.database.db);
      const pending = submit(user, exercise.id, code);
      // The server keeps answering while the code is graded.
      expect(await health()).toBe(200);
      const res = await pending;
      expect(res.statusCode, `${code}: ${res.body}`).toBe(200);
      const body = submissionSchema.parse(res.json());
      expect(verdicts, `${code}: ${res.body}`).toContain(body.verdict);
      expect(res.body).not.toContain('root:x:0:0');
      expect(await health()).toBe(200);
    }
    // After all of it, the next submission is graded as usual.
    const after = await submit(learner, jsExercise.id, 'function add(a, b) { return a + b; }');
    expect(submissionSchema.parse(after.json()).verdict).toBe('passed');
  }, 180_000);
});

describe('the save-time check in the Studio', () => {
  const body = (overrides: Partial<ExerciseInput> = {}): ExerciseInput => ({
    title: 'Double it',
    prompt: '<p>Write <code>double(n)</code></p>',
    language: 'javascript',
    starterCode: 'function double(n) { return n; }',
    solution: 'function double(n) { return n * 2; }',
    tests: [
      { name: 'doubles 2', code: 'assert.equal(double(2), 4);', hidden: false },
      { name: 'doubles 21', code: 'assert.equal(double(21), 42);', hidden: true },
    ],
    ...overrides,
  });

  it('saves a passing exercise valid, and learners see it', async () => {
    const lesson = await ownLesson(t.database.db, alice);
    const res = await call(t.app, 'POST', `/api/studio/lessons/${lesson._id}/exercises`, alice, body());
    expect(res.statusCode, res.body).toBe(200);
    const saved = studioExercise.parse(res.json());
    expect(saved).toMatchObject({ valid: true, check: { solutionPasses: true, starterFails: true, failures: [] } });
    expect(saved.timeLimitMs).toBe(PRACTICE.timeLimitMs.default);
    expect((await call(t.app, 'GET', `/api/exercises/${saved._id}`)).statusCode).toBe(200);
  }, 60_000);

  it('saves a failing exercise invalid with the failing test and why; learners do not see it until a passing save is updated', async () => {
    const lesson = await ownLesson(t.database.db, alice);
    const res = await call(
      t.app,
      'POST',
      `/api/studio/lessons/${lesson._id}/exercises`,
      alice,
      body({ solution: 'function double(n) { return n + 2; }' }),
    );
    const saved = studioExercise.parse(res.json());
    expect(saved.valid).toBe(false);
    expect(saved.check.solutionPasses).toBe(false);
    expect(saved.check.failures.map((f) => f.test)).toEqual(['doubles 21']);
    await errorOf(call(t.app, 'GET', `/api/exercises/${saved._id}`), 404);
    const list = await call(t.app, 'GET', `/api/practice/lesson/${lesson._id}`);
    expect(list.json()).toEqual({ items: [] });

    const starterPasses = await call(t.app, 'PATCH', `/api/studio/exercises/${saved._id}`, alice, {
      solution: 'function double(n) { return n * 2; }',
      starterCode: 'function double(n) { return n * 2; }',
    });
    expect(studioExercise.parse(starterPasses.json())).toMatchObject({
      valid: false,
      check: { solutionPasses: true, starterFails: false },
    });
    const fixed = await call(t.app, 'PATCH', `/api/studio/exercises/${saved._id}`, alice, {
      starterCode: 'function double(n) { return 0; }',
    });
    expect(studioExercise.parse(fixed.json())).toMatchObject({ valid: true, version: 3, hasChanges: true });
    // The lesson is published: learners see the passing version once it is updated.
    await errorOf(call(t.app, 'GET', `/api/exercises/${saved._id}`), 404);
    expect((await call(t.app, 'POST', `/api/studio/exercises/${saved._id}/update`, alice)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/exercises/${saved._id}`)).statusCode).toBe(200);
  }, 60_000);

  it('refuses an unknown language, a time limit out of range, no tests, and code over 64 KB', async () => {
    const lesson = await ownLesson(t.database.db, alice, 'draft');
    const url = `/api/studio/lessons/${lesson._id}/exercises`;
    expect(await errorOf(call(t.app, 'POST', url, alice, { ...body(), language: 'ruby' }), 400)).toContain('language');
    expect(await errorOf(call(t.app, 'POST', url, alice, body({ timeLimitMs: 50 })), 400)).toContain('100 and 10000');
    expect(await errorOf(call(t.app, 'POST', url, alice, body({ timeLimitMs: 10_001 })), 400)).toContain('timeLimitMs');
    expect(await errorOf(call(t.app, 'POST', url, alice, body({ tests: [] })), 400)).toContain('at least one test');
    expect(await errorOf(call(t.app, 'POST', url, alice, body({ solution: 'x'.repeat(70_000) })), 413)).toContain(
      '64 KB',
    );
  });

  it('runs the role matrix on exercise writes: learner 403, another author 403, the author and an admin 200', async () => {
    const lesson = await ownLesson(t.database.db, alice);
    const url = `/api/studio/lessons/${lesson._id}/exercises`;
    await errorOf(call(t.app, 'POST', url, undefined, body()), 401);
    await errorOf(call(t.app, 'POST', url, learner, body()), 403);
    await errorOf(call(t.app, 'POST', url, bob, body()), 403);
    const own = studioExercise.parse((await call(t.app, 'POST', url, alice, body())).json());
    const patchUrl = `/api/studio/exercises/${own._id}`;
    await errorOf(call(t.app, 'PATCH', patchUrl, learner, { title: 'x' }), 403);
    await errorOf(call(t.app, 'PATCH', patchUrl, bob, { title: 'x' }), 403);
    expect((await call(t.app, 'PATCH', patchUrl, alice, { title: 'Mine' })).statusCode).toBe(200);
    expect((await call(t.app, 'PATCH', patchUrl, admin, { title: 'Admin edit' })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', url, admin, body())).statusCode).toBe(200);
    const studio = studioExercise.parse((await call(t.app, 'GET', patchUrl, bob)).json());
    expect(studio.solution).toContain('n * 2');
    expect(await errorOf(call(t.app, 'PATCH', patchUrl, alice, { title: 'stale', version: 1 }), 409)).toContain(
      'version',
    );
  }, 60_000);
});

describe('a full grader', () => {
  it('answers 503 with Retry-After when every worker is busy and the queue is full, never a hang', async () => {
    const small = await createTestApp({ grader: { pool: { javascriptWorkers: 1, pythonWorkers: 1, queueMax: 0 } } });
    try {
      const course = await createCourse(small.database.db);
      const lesson = await createLesson(small.database.db, { courseId: course.id });
      const exercise = await createExercise(small.database.db, { lessonId: lesson.id, timeLimitMs: 1_000 });
      const url = `/api/exercises/${exercise.id}/submissions`;
      // The worker must be ready first: with no queue, a run arriving while it starts is refused too (asked of the
      // grader itself, so the learners' rate limit is not spent on waiting).
      const ready = () =>
        small.app.grader.grade({ language: 'javascript', code: '', tests: [], timeLimitMs: 1_000 }).then(
          () => true,
          () => false,
        );
      expect(await within(30_000, ready)).toBe(true);
      // An endless loop takes the only worker at once (the grader dispatches to an idle worker as it is asked).
      const looping = small.app.grader.grade({
        language: 'javascript',
        code: 'while (true) {}',
        tests: [],
        timeLimitMs: 3_000,
      });
      // While the loop holds the only worker, a learner's submission is refused at once.
      let refused: LightMyRequestResponse | undefined;
      expect(
        await within(5_000, async () => {
          // A new learner each time: the poll must not spend one learner's rate limit.
          const other = await createUser(small.database.db);
          refused = await call(small.app, 'POST', url, other, { code: 'function add(a, b) { return a + b; }' });
          return refused.statusCode === 503;
        }),
      ).toBe(true);
      expect(refused?.headers['retry-after']).toBeTruthy();
      expect(refused?.json<{ error: string }>().error).toContain('busy');
      expect((await looping).verdict).toBe('timeout');
    } finally {
      await small.close();
    }
  }, 60_000);
});

describe('the OpenAPI document', () => {
  it('lists the practice calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<{ paths: Record<string, object> }>();
    for (const path of [
      '/api/practice/lesson/{id}',
      '/api/practice/tutorial/{id}',
      '/api/exercises/{id}',
      '/api/exercises/{id}/submissions',
      '/api/exercises/{id}/code',
      '/api/practice/merge',
      '/api/quizzes/{id}',
      '/api/quizzes/{id}/attempts',
      '/api/studio/lessons/{id}/exercises',
      '/api/studio/tutorials/{id}/quizzes',
      '/api/studio/exercises/{id}',
      '/api/studio/quizzes/{id}',
      '/api/studio/lessons/{id}/practice-order',
      '/api/studio/tutorials/{id}/practice',
      '/api/studio/exercises/{id}/update',
      '/api/studio/quizzes/{id}/discard',
      '/api/studio/exercises/{id}/revisions',
      '/api/studio/quizzes/{id}/revisions/{rev}/restore',
    ])
      expect(Object.keys(doc.paths), path).toContain(path);
  });
});
