// Test factories, one per entity: rows a test needs but whose making is not what it tests, inserted directly with
// sensible defaults that `overrides` replace, answering the inserted row. Content is published unless the test
// says `status: 'draft'` (the table's own default is a draft); a row a test looks for by title gets its title.
import { randomBytes } from 'node:crypto';
import { TOKEN_TTL_MS } from '../../shared/constants';
import type { Role } from '../../shared/studio-rules';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  blogs,
  bugComments,
  bugs,
  bugTags,
  courses,
  lessonComments,
  lessonProgress,
  lessons,
  practiceItems,
  sessions,
  tutorials,
  users,
} from '../db/schema';
import { hashToken, newToken } from '../lib/tokens';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  /** The `auth-token` header value of a live session. */
  token: string;
}

/** A verified user with one live session, inserted directly (no password hashing, no mail). */
export async function createUser(
  db: Db,
  overrides: Partial<{ name: string; email: string; verified: boolean; sessionExpiresAt: Date; role: Role }> = {},
): Promise<TestUser> {
  const suffix = randomBytes(4).toString('hex');
  const name = overrides.name ?? `Tester ${suffix}`;
  const email = overrides.email ?? `tester-${suffix}@example.test`;
  const [user] = await db
    .insert(users)
    .values({
      name,
      email,
      passwordHash: 'not-a-real-hash',
      verifiedAt: overrides.verified === false ? null : new Date(),
      role: overrides.role ?? 'learner',
    })
    .returning({ id: users.id });
  const token = newToken();
  await db.insert(sessions).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: overrides.sessionExpiresAt ?? new Date(Date.now() + TOKEN_TTL_MS.session),
  });
  return { id: user.id, name, email, token };
}

/** Numbers defaults apart within a test file: titles, and positions that keep the order of making. */
let made = 0;

/** A row as `insert` takes it (each column a value or SQL); where a row cannot stand alone, the keys of what it
 *  belongs to are required. */
type Fields<T extends PgTable, K extends keyof PgInsertValue<T> = never> = Partial<PgInsertValue<T>> &
  Required<Pick<PgInsertValue<T>, K>>;
type CourseFields = Fields<typeof courses>;
type LessonFields = Fields<typeof lessons, 'courseId'>;
type TutorialFields = Fields<typeof tutorials>;
type BlogFields = Fields<typeof blogs>;
type BugFields = Fields<typeof bugs, 'userId'>;
type SolutionFields = Fields<typeof bugComments, 'bugId' | 'userId'>;
type CommentFields = Fields<typeof lessonComments, 'lessonId' | 'userId'>;
type ProgressFields = Fields<typeof lessonProgress, 'userId' | 'lessonId'>;

/** Rows of `table`: `defaults(n, overrides)` (n counts up) under the test's `overrides`, inserted, answered whole. */
function factory<T extends PgTable, O extends Partial<PgInsertValue<T>>>(
  table: T,
  defaults: (n: number, overrides: O) => Partial<PgInsertValue<T>>,
) {
  const many = async (db: Db, list: O[]): Promise<T['$inferSelect'][]> =>
    db
      .insert(table)
      .values(list.map((overrides) => ({ ...defaults(++made, overrides), ...overrides }) as PgInsertValue<T>))
      .returning();
  const one = async (db: Db, overrides: O) => (await many(db, [overrides]))[0];
  return { one, many };
}

/** Content readers see, listed after any seeded catalogue, unless the test says `status: 'draft'`. */
const listed = (n: number) => ({ position: 1000 + n, status: 'published' as const });

const course = factory<typeof courses, CourseFields>(courses, (n) => ({
  title: `Course ${n}`,
  description: '<p>What this course teaches</p>',
  cover: '/media/covers/course.svg',
  ...listed(n),
}));
export const createCourses = course.many;
export const createCourse = (db: Db, overrides: CourseFields = {}) => course.one(db, overrides);

const lesson = factory<typeof lessons, LessonFields>(lessons, (n) => ({
  title: `Lesson ${n}`,
  link: '/media/video/lesson.webm',
  description: '',
  position: n,
}));
export const createLessons = lesson.many;
export const createLesson = lesson.one;

const tutorial = factory<typeof tutorials, TutorialFields>(tutorials, (n) => ({
  title: `Tutorial ${n}`,
  image: '/media/tutorials/tutorial.svg',
  content: '<p>Step one</p>',
  ...listed(n),
}));
export const createTutorials = tutorial.many;
export const createTutorial = (db: Db, overrides: TutorialFields = {}) => tutorial.one(db, overrides);

/** A published post is dated now unless given a date; a draft has none (it was never published). */
const blog = factory<typeof blogs, BlogFields>(blogs, (n, overrides) => {
  const status = overrides.status ?? 'published';
  return { title: `Post ${n}`, content: '<p>News</p>', status, date: status === 'published' ? new Date() : null };
});
export const createBlogs = blog.many;
export const createBlog = (db: Db, overrides: BlogFields = {}) => blog.one(db, overrides);

const bug = factory<typeof bugs, BugFields>(bugs, (n) => ({
  title: `Bug ${n}`,
  description: '<p>What goes wrong</p>',
}));
/** Bugs with their tags in `bug_tags` too, as the service writes them. */
export async function createBugs(db: Db, list: BugFields[]) {
  const rows = await bug.many(db, list);
  const tags = rows.flatMap((row) => row.tags.map((tag) => ({ bugId: row.id, tag, createdAt: row.createdAt })));
  if (tags.length > 0) await db.insert(bugTags).values(tags);
  return rows;
}
export const createBug = async (db: Db, overrides: BugFields) => (await createBugs(db, [overrides]))[0];

/** A solution: a comment on a bug. */
export const createSolution = factory<typeof bugComments, SolutionFields>(bugComments, (n) => ({
  content: `<p>Try this ${n}</p>`,
})).one;

/** Comments on a lesson. */
const comment = factory<typeof lessonComments, CommentFields>(lessonComments, (n) => ({
  content: `<p>Comment ${n}</p>`,
}));
export const createComments = comment.many;
export const createComment = comment.one;

/** One learner's progress row on one lesson (nothing watched unless given). */
export const createProgress = factory<typeof lessonProgress, ProgressFields>(lessonProgress, () => ({})).one;

type PracticeFields = Fields<typeof practiceItems>;

/** An exercise (valid unless told: its check passed) on a lesson or a tutorial: `add` with one visible and one
 *  hidden test. */
export const createExercise = factory<typeof practiceItems, PracticeFields>(practiceItems, (n) => ({
  kind: 'exercise',
  title: `Exercise ${n}`,
  prompt: '<p>Write <code>add(a, b)</code></p>',
  language: 'javascript',
  starterCode: 'function add(a, b) {\n  return 0;\n}',
  solution: 'function add(a, b) {\n  return a + b;\n}',
  tests: [
    {
      id: `00000000-0000-4000-8000-${String(2 * n).padStart(12, '0')}`,
      name: 'adds 2 and 3',
      code: 'assert.equal(add(2, 3), 5);',
      hidden: false,
    },
    {
      id: `00000000-0000-4000-8000-${String(2 * n + 1).padStart(12, '0')}`,
      name: 'adds negatives',
      code: 'assert.equal(add(-1234567, -7654321), -8888888);',
      hidden: true,
    },
  ],
  timeLimitMs: 2_000,
  valid: true,
  check: { solutionPasses: true, starterFails: true, failures: [] },
  position: n,
})).one;

/** A quiz of two questions on a lesson or a tutorial: a single-answer one (choice b) and a multiple-answer one
 *  (choices a and c), pass mark 50. */
export const createQuiz = factory<typeof practiceItems, PracticeFields>(practiceItems, (n) => ({
  kind: 'quiz',
  title: `Quiz ${n}`,
  passMark: 50,
  questions: [
    {
      id: '10000000-0000-4000-8000-000000000001',
      text: 'Which keyword declares a constant?',
      multiple: false,
      choices: [
        { id: '10000000-0000-4000-8000-00000000000a', text: 'var', correct: false },
        { id: '10000000-0000-4000-8000-00000000000b', text: 'const', correct: true },
      ],
      explanation: 'const cannot be reassigned',
    },
    {
      id: '20000000-0000-4000-8000-000000000002',
      text: 'Which are primitive types?',
      multiple: true,
      choices: [
        { id: '20000000-0000-4000-8000-00000000000a', text: 'string', correct: true },
        { id: '20000000-0000-4000-8000-00000000000b', text: 'object', correct: false },
        { id: '20000000-0000-4000-8000-00000000000c', text: 'number', correct: true },
      ],
      explanation: 'objects are not primitives',
    },
  ],
  position: n,
})).one;
