// One-shot child of bench/practice.ts, run before the compiled server starts on the same database (BENCH_DATABASE_URL
// or BENCH_PGLITE_DIR): migrates, seeds the demo content, adds BENCH_LEARNERS signed-in learners and two exercises
// on the first lesson of the first published demo course (FizzBuzz in JavaScript and in Python, three tests each,
// one hidden, 2 s time limit), and writes the learners' tokens and the ids to BENCH_OUT as JSON. Nothing here
// starts a grader: the server's first submission does, as in production.
import fs from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { courses, lessons } from '../../src/server/db/schema';
import * as demoContent from '../../src/server/db/seed/content';
import { seedDemoContent } from '../../src/server/db/seed/seed';
import { durationOfLink } from '../../src/server/modules/media';
import { PATHS } from '../../src/server/paths';
import { createExercise, createUser } from '../../src/server/test/factories';

export interface PracticeFixture {
  tokens: string[];
  courseId: string;
  lessonId: string;
  javascriptExercise: string;
  pythonExercise: string;
  /** The reference solutions, which the bench submits: every test passes. */
  javascriptSolution: string;
  pythonSolution: string;
}

const JAVASCRIPT_SOLUTION =
  'function fizz(n) {\n  const out = [];\n  for (let i = 1; i <= n; i++)\n' +
  '    out.push(i % 15 === 0 ? "FizzBuzz" : i % 3 === 0 ? "Fizz" : i % 5 === 0 ? "Buzz" : String(i));\n' +
  '  return out;\n}';
const PYTHON_SOLUTION =
  'def fizz(n):\n    return ["FizzBuzz" if i % 15 == 0 else "Fizz" if i % 3 == 0 else "Buzz" if i % 5 == 0 ' +
  'else str(i) for i in range(1, n + 1)]';

const url = process.env.BENCH_DATABASE_URL;
const dir = process.env.BENCH_PGLITE_DIR;
const out = process.env.BENCH_OUT;
if (!(url || dir) || !out) throw new Error('set BENCH_OUT and BENCH_DATABASE_URL or BENCH_PGLITE_DIR');
const learners = Number(process.env.BENCH_LEARNERS ?? 2000);

const database = await openDatabase(url ? { url } : { dataDir: dir as string });
try {
  const { db } = database;
  await seedDemoContent(db, demoContent, {
    durationOf: (link) => durationOfLink(link, { publicDir: PATHS.publicDir }),
  });
  const [first] = await db
    .select({ courseId: courses.id, lessonId: lessons.id })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(courses.status, 'published'))
    .orderBy(asc(courses.position), asc(lessons.position))
    .limit(1);
  if (!first) throw new Error('the demo content has no published lesson');

  const test = (n: number, name: string, code: string, hidden = false) => ({
    id: `00000000-0000-4000-8000-${String(900 + n).padStart(12, '0')}`,
    name,
    code,
    hidden,
  });
  const javascript = await createExercise(db, {
    lessonId: first.lessonId,
    title: 'Bench: FizzBuzz in JavaScript',
    language: 'javascript',
    starterCode: 'function fizz(n) {\n  return [];\n}',
    solution: JAVASCRIPT_SOLUTION,
    tests: [
      test(1, 'first five', 'assert.deepStrictEqual(fizz(5), ["1", "2", "Fizz", "4", "Buzz"]);'),
      test(2, 'fifteen', 'assert.strictEqual(fizz(15)[14], "FizzBuzz");'),
      test(3, 'hundred', 'assert.strictEqual(fizz(100).length, 100);', true),
    ],
    timeLimitMs: 2_000,
    position: 900,
  });
  const python = await createExercise(db, {
    lessonId: first.lessonId,
    title: 'Bench: FizzBuzz in Python',
    language: 'python',
    starterCode: 'def fizz(n):\n    return []',
    solution: PYTHON_SOLUTION,
    tests: [
      test(4, 'first five', 'assert fizz(5) == ["1", "2", "Fizz", "4", "Buzz"]'),
      test(5, 'fifteen', 'assert fizz(15)[14] == "FizzBuzz"'),
      test(6, 'hundred', 'assert len(fizz(100)) == 100', true),
    ],
    timeLimitMs: 2_000,
    position: 901,
  });
  const tokens: string[] = [];
  for (let i = 0; i < learners; i++) tokens.push((await createUser(db, { name: `Bench Learner ${i}` })).token);
  const fixture: PracticeFixture = {
    tokens,
    ...first,
    javascriptExercise: javascript.id,
    pythonExercise: python.id,
    javascriptSolution: JAVASCRIPT_SOLUTION,
    pythonSolution: PYTHON_SOLUTION,
  };
  fs.writeFileSync(out, JSON.stringify(fixture));
} finally {
  await database.close();
}
