// The Studio's practice items: exercises and quizzes added to a lesson or a tutorial, edited, deleted and put in
// order, by the rules of the lessons and tutorials they belong to (an author changes only their own course's
// lessons and their own tutorials; an admin everything). Every save of an exercise first runs it on the server: the
// reference solution must pass every test and the starter code must fail at least one; an exercise that fails the
// check is saved with `valid` false, and learners do not see it until a save passes. An item whose lesson or
// tutorial is published keeps what learners see until Update: its saves go into its working copy (with the check's
// result), Update publishes them only when that check passes, Discard drops them, and every Update keeps a revision
// (decision 0051). Each write is one transaction with its audit row and the NOTIFY that clears every process's read
// cache (studio/content-write.ts).
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  type ExerciseCheck,
  type ExerciseInput,
  type ExercisePatch,
  type Language,
  PRACTICE,
  type QuizInput,
  type QuizPatch,
  type StudioExercise,
  type StudioPracticeItems,
  type StudioQuiz,
} from '../../../shared/practice';
import type { Db } from '../../db/client';
import { courses, lessons, practiceItems, type StoredQuestion, type StoredTest, tutorials } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict } from '../../lib/errors';
import { isId } from '../../lib/ids';
import { sanitizeAuthoredHtml } from '../../lib/sanitize';
import {
  assertMayChange,
  cleanTitle,
  contentWrite,
  discardChanges,
  type Editor,
  fieldText,
  forgetRevisions,
  itemState,
  listRevisions,
  publishChanges,
  REVISABLE,
  restoreRevision,
  versionsOf,
  writeWorkingCopy,
} from '../studio';
import type { RevisionList } from '../../../shared/studio-revisions';
import type { FieldValue } from '../../db/schema';

type Fields = Record<string, FieldValue>;
import type { ExerciseToCheck } from './grading';
import {
  assertCodeSize,
  itemNotFound,
  type ItemKind,
  ownerJoins,
  ownerNotFound,
  type OwnerKind,
} from './practice-items';
import { orderProblem } from '../../lib/order-problem';

/** The save-time check: the grader's `checkExercise` (plugins/grader.ts). */
export type CheckExercise = (exercise: ExerciseToCheck) => Promise<ExerciseCheck>;

type ItemRow = typeof practiceItems.$inferSelect;

const passes = (check: ExerciseCheck) => check.solutionPasses && check.starterFails;

/** An item as the Studio shows it: its working copy's fields when it has one, and what learners see. */
interface Found {
  item: ItemRow;
  /** Its lesson's course or its tutorial is published. */
  published: boolean;
}

function toStudioExercise({ item, published }: Found): StudioExercise {
  const { shown: row, updatedAt, ...versions } = versionsOf(item, published);
  return {
    _id: row.id,
    kind: 'exercise',
    title: row.title,
    prompt: row.prompt ?? '',
    language: row.language ?? 'javascript',
    starterCode: row.starterCode ?? '',
    solution: row.solution ?? '',
    tests: (row.tests ?? []).map((test) => ({ _id: test.id, name: test.name, code: test.code, hidden: test.hidden })),
    timeLimitMs: row.timeLimitMs ?? PRACTICE.timeLimitMs.default,
    valid: row.valid,
    check: row.check ?? { solutionPasses: false, starterFails: false, failures: [] },
    lessonId: row.lessonId,
    tutorialId: row.tutorialId,
    position: row.position,
    version: row.version,
    updatedAt,
    ...versions,
  };
}

function toStudioQuiz({ item, published }: Found): StudioQuiz {
  const { shown: row, updatedAt, ...versions } = versionsOf(item, published);
  return {
    _id: row.id,
    kind: 'quiz',
    title: row.title,
    passMark: row.passMark ?? PRACTICE.quiz.passMarkDefault,
    questions: (row.questions ?? []).map((question) => ({
      _id: question.id,
      text: question.text,
      multiple: question.multiple,
      choices: question.choices.map((choice) => ({ _id: choice.id, text: choice.text, correct: choice.correct })),
      explanation: question.explanation,
    })),
    lessonId: row.lessonId,
    tutorialId: row.tutorialId,
    position: row.position,
    version: row.version,
    updatedAt,
    ...versions,
  };
}

const toStudioItem = (found: Found) => (found.item.kind === 'exercise' ? toStudioExercise(found) : toStudioQuiz(found));

// ---- owners: the lesson or the tutorial an item belongs to ----

interface Owner {
  kind: OwnerKind;
  id: string;
  title: string;
  authorId: string | null;
  status: string;
}

/** The lesson (with its course's author) or the tutorial; with `lock`, its course or the tutorial is locked until
 *  the transaction ends, as the Studio's lesson writes lock the course, so practice writes of one owner queue up. */
async function findOwner(db: Db, kind: OwnerKind, id: string, lock = false): Promise<Owner> {
  if (!isId(id)) throw ownerNotFound(kind);
  if (kind === 'lesson') {
    const query = db
      .select({ id: lessons.id, title: lessons.title, authorId: courses.authorId, status: courses.status })
      .from(lessons)
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(eq(lessons.id, id));
    const [row] = lock ? await query.for('update', { of: courses }) : await query;
    if (!row) throw ownerNotFound(kind);
    return { kind, ...row };
  }
  const query = db
    .select({ id: tutorials.id, title: tutorials.title, authorId: tutorials.authorId, status: tutorials.status })
    .from(tutorials)
    .where(eq(tutorials.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw ownerNotFound(kind);
  return { kind, ...row };
}

const ownerOf = (row: ItemRow): { kind: OwnerKind; id: string } =>
  row.lessonId ? { kind: 'lesson', id: row.lessonId } : { kind: 'tutorial', id: row.tutorialId ?? '' };

const ownerColumn = (kind: OwnerKind) => (kind === 'lesson' ? practiceItems.lessonId : practiceItems.tutorialId);

/** The item with whether learners see a version of it (its owner is published). */
async function findItem(db: Db, kind: ItemKind, id: string): Promise<Found> {
  if (!isId(id)) throw itemNotFound(kind);
  const [found] = await db
    .select({
      item: practiceItems,
      published: sql<boolean>`coalesce(${courses.status}, ${tutorials.status}) = 'published'`,
    })
    .from(practiceItems)
    .leftJoin(lessons, ownerJoins.lessons)
    .leftJoin(courses, ownerJoins.courses)
    .leftJoin(tutorials, ownerJoins.tutorials)
    .where(and(eq(practiceItems.id, id), eq(practiceItems.kind, kind)));
  if (!found) throw itemNotFound(kind);
  return found;
}

/** The fields the editor works on: the working copy's when there is one. */
const edited = (item: ItemRow): ItemRow => (item.working ? { ...item, ...item.working.fields } : item);

const staleItem = (kind: ItemKind, current: number, sent: number) =>
  conflict(
    `Someone else changed this ${kind} while you were editing: it is now at version ${current}, your change was ` +
      `made on version ${sent}. Reload it to see their change, then edit again.`,
  );

// ---- reads ----

export async function getStudioExercise(db: Db, id: string): Promise<StudioExercise> {
  return toStudioExercise(await findItem(db, 'exercise', id));
}

export async function getStudioQuiz(db: Db, id: string): Promise<StudioQuiz> {
  return toStudioQuiz(await findItem(db, 'quiz', id));
}

const getStudioItem = (kind: ItemKind): ((db: Db, id: string) => Promise<StudioExercise | StudioQuiz>) =>
  kind === 'exercise' ? getStudioExercise : getStudioQuiz;

/** Every item of a lesson or a tutorial, in order, invalid exercises too (the editor shows their check). */
export async function listStudioItems(db: Db, kind: OwnerKind, ownerId: string): Promise<StudioPracticeItems> {
  const owner = await findOwner(db, kind, ownerId);
  const rows = await db
    .select()
    .from(practiceItems)
    .where(eq(ownerColumn(kind), owner.id))
    .orderBy(asc(practiceItems.position), asc(practiceItems.id));
  const published = owner.status === 'published';
  return { items: rows.map((item) => toStudioItem({ item, published })) };
}

// ---- exercises ----

/** Tests as stored: a test keeps its id across saves while its name stays (results and the editor name it). */
function storedTests(tests: ExerciseInput['tests'], before: StoredTest[] = []): StoredTest[] {
  const idByName = new Map(before.map((test) => [test.name, test.id]));
  const used = new Set<string>();
  return tests.map((test, i) => {
    assertCodeSize(`tests[${i}].code`, test.code);
    const kept = idByName.get(test.name);
    const id = kept && !used.has(kept) ? kept : randomUUID();
    used.add(id);
    return { id, name: test.name, code: test.code, hidden: test.hidden };
  });
}

interface ExerciseFields {
  title: string;
  prompt: string;
  language: Language;
  starterCode: string;
  solution: string;
  tests: StoredTest[];
  timeLimitMs: number;
}

async function checked(check: CheckExercise, fields: ExerciseFields) {
  assertCodeSize('starterCode', fields.starterCode);
  assertCodeSize('solution', fields.solution);
  const result = await check({
    language: fields.language,
    solution: fields.solution,
    starterCode: fields.starterCode,
    tests: fields.tests.map((test) => ({ name: test.name, code: test.code, hidden: test.hidden })),
    timeLimitMs: fields.timeLimitMs,
  });
  return { ...fields, check: result, valid: passes(result) };
}

async function assertRoom(tx: Db, owner: Owner): Promise<void> {
  const [{ items }] = await tx
    .select({ items: count() })
    .from(practiceItems)
    .where(eq(ownerColumn(owner.kind), owner.id));
  if (items >= PRACTICE.itemsMax) throw badRequest(`a ${owner.kind} has at most ${PRACTICE.itemsMax} practice items`);
}

/** After the owner's last item. */
const nextPosition = (owner: Owner) =>
  sql`(select coalesce(max(${practiceItems.position}), -1) + 1 from ${practiceItems} where ${ownerColumn(owner.kind)} = ${owner.id})`;

/** A new practice item at the end of its lesson's or tutorial's list, audited: the owner locked, then its author
 *  rule and its room checked. */
async function insertItem(
  tx: Db,
  editor: Editor,
  ownerKind: OwnerKind,
  ownerId: string,
  values: Omit<typeof practiceItems.$inferInsert, 'lessonId' | 'tutorialId' | 'position'>,
) {
  const owner = await findOwner(tx, ownerKind, ownerId, true);
  assertMayChange(editor, owner, ownerKind);
  await assertRoom(tx, owner);
  const [row] = await tx
    .insert(practiceItems)
    .values({
      ...values,
      [ownerKind === 'lesson' ? 'lessonId' : 'tutorialId']: owner.id,
      position: nextPosition(owner),
    })
    .returning();
  await recordAudit(tx, { actor: editor, action: 'create', entity: row.kind, entityId: row.id, afterTitle: row.title });
  return row;
}

/** POST /api/studio/{lessons|tutorials}/{id}/exercises: checks the exercise, then saves it with the check's result. */
export async function createExercise(
  db: Db,
  editor: Editor,
  check: CheckExercise,
  ownerKind: OwnerKind,
  ownerId: string,
  body: ExerciseInput,
): Promise<StudioExercise> {
  // Who may write is known before any code runs.
  assertMayChange(editor, await findOwner(db, ownerKind, ownerId), ownerKind);
  const fields = await checked(check, {
    title: cleanTitle(body.title),
    prompt: sanitizeAuthoredHtml(body.prompt),
    language: body.language,
    starterCode: body.starterCode,
    solution: body.solution,
    tests: storedTests(body.tests),
    timeLimitMs: body.timeLimitMs ?? PRACTICE.timeLimitMs.default,
  });
  return contentWrite(db, async (tx) => {
    const item = await insertItem(tx, editor, ownerKind, ownerId, { kind: 'exercise', ...fields });
    return getStudioExercise(tx, item.id);
  });
}

/** PATCH /api/studio/exercises/{id}: any subset; the whole exercise as it will be is checked again (an item of a
 *  published lesson or tutorial: its working copy, with the check's result; learners keep the live version). */
export async function updateExercise(
  db: Db,
  editor: Editor,
  check: CheckExercise,
  id: string,
  body: ExercisePatch,
): Promise<StudioExercise> {
  const { item } = await findItem(db, 'exercise', id);
  const owner = ownerOf(item);
  assertMayChange(editor, await findOwner(db, owner.kind, owner.id), owner.kind);
  const version = body.version ?? item.version;
  if (version !== item.version) throw staleItem('exercise', item.version, version);
  const current = edited(item);
  const fields = await checked(check, {
    title: body.title !== undefined ? cleanTitle(body.title) : current.title,
    prompt: body.prompt !== undefined ? sanitizeAuthoredHtml(body.prompt) : (current.prompt ?? ''),
    language: body.language ?? current.language ?? 'javascript',
    starterCode: body.starterCode ?? current.starterCode ?? '',
    solution: body.solution ?? current.solution ?? '',
    tests: body.tests !== undefined ? storedTests(body.tests, current.tests ?? []) : (current.tests ?? []),
    timeLimitMs: body.timeLimitMs ?? current.timeLimitMs ?? PRACTICE.timeLimitMs.default,
  });
  return contentWrite(db, async (tx) => {
    assertMayChange(editor, await findOwner(tx, owner.kind, owner.id, true), owner.kind);
    await saveItem(tx, editor, 'exercise', id, version, fields);
    return getStudioExercise(tx, id);
  });
}

/** A save on the version the editor saw (the check ran meanwhile: 409 when someone saved first), the owner already
 *  locked. Learners see an item of a published owner as it is until Update: the save goes into its working copy
 *  (none is kept when it equals the live version). A draft's item has no working copy: the save is the item. */
async function saveItem(
  tx: Db,
  editor: Editor,
  kind: ItemKind,
  id: string,
  version: number,
  changes: Partial<typeof practiceItems.$inferInsert>,
): Promise<void> {
  const r = REVISABLE[kind];
  const state = await itemState(tx, r, id, { lock: true });
  const before = state.working?.fields ?? state.live;
  if (state.published) await writeWorkingCopy(tx, r, state, version, { ...before, ...(changes as Fields) });
  else await versionedUpdate(tx, kind, id, version, { ...state.working?.fields, ...changes, working: null });
  await recordAudit(tx, {
    actor: editor,
    action: 'update',
    entity: kind,
    entityId: id,
    beforeTitle: fieldText(before, 'title'),
    afterTitle: changes.title ?? fieldText(before, 'title'),
  });
}

/** The update made only on the version the editor saw (the check ran meanwhile): 409 when someone saved first. */
async function versionedUpdate(
  tx: Db,
  kind: ItemKind,
  id: string,
  version: number,
  changes: Partial<typeof practiceItems.$inferInsert>,
): Promise<ItemRow> {
  const [saved] = await tx
    .update(practiceItems)
    .set({ ...changes, version: sql`${practiceItems.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(practiceItems.id, id), eq(practiceItems.version, version)))
    .returning();
  if (saved) return saved;
  const [row] = await tx.select({ version: practiceItems.version }).from(practiceItems).where(eq(practiceItems.id, id));
  throw row ? staleItem(kind, row.version, version) : itemNotFound(kind);
}

// ---- quizzes ----

function storedQuestions(questions: QuizInput['questions']): StoredQuestion[] {
  return questions.map((question) => ({
    id: randomUUID(),
    text: question.text,
    multiple: question.multiple,
    choices: question.choices.map((choice) => ({ id: randomUUID(), text: choice.text, correct: choice.correct })),
    explanation: question.explanation,
  }));
}

/** POST /api/studio/{lessons|tutorials}/{id}/quizzes */
export async function createQuiz(
  db: Db,
  editor: Editor,
  ownerKind: OwnerKind,
  ownerId: string,
  body: QuizInput,
): Promise<StudioQuiz> {
  const quiz = {
    kind: 'quiz' as const,
    title: cleanTitle(body.title),
    passMark: body.passMark ?? PRACTICE.quiz.passMarkDefault,
    questions: storedQuestions(body.questions),
  };
  return contentWrite(db, async (tx) => {
    const item = await insertItem(tx, editor, ownerKind, ownerId, quiz);
    return getStudioQuiz(tx, item.id);
  });
}

/** PATCH /api/studio/quizzes/{id}: any subset (of a published lesson or tutorial: into its working copy). New
 *  questions get new ids (past attempts keep their own answers). */
export async function updateQuiz(db: Db, editor: Editor, id: string, body: QuizPatch): Promise<StudioQuiz> {
  const changes = {
    ...(body.title !== undefined && { title: cleanTitle(body.title) }),
    ...(body.passMark !== undefined && { passMark: body.passMark }),
    ...(body.questions !== undefined && { questions: storedQuestions(body.questions) }),
  };
  return contentWrite(db, async (tx) => {
    const { item } = await findItem(tx, 'quiz', id);
    const owner = ownerOf(item);
    assertMayChange(editor, await findOwner(tx, owner.kind, owner.id, true), owner.kind);
    await saveItem(tx, editor, 'quiz', id, body.version ?? item.version, changes);
    return getStudioQuiz(tx, id);
  });
}

// ---- both kinds ----

/** DELETE /api/studio/{exercises|quizzes}/{id}: answers the item as it was. Its submissions, attempts and the
 *  learners' progress on it go with it. */
async function deleteItem(db: Db, editor: Editor, kind: ItemKind, id: string): Promise<StudioExercise | StudioQuiz> {
  return contentWrite(db, async (tx) => {
    const found = await findItem(tx, kind, id);
    const owner = ownerOf(found.item);
    assertMayChange(editor, await findOwner(tx, owner.kind, owner.id, true), owner.kind);
    const [deleted] = await tx.delete(practiceItems).where(eq(practiceItems.id, found.item.id)).returning();
    if (!deleted) throw itemNotFound(kind);
    await forgetRevisions(tx, kind, [deleted.id]);
    await recordAudit(tx, {
      actor: editor,
      action: 'delete',
      entity: kind,
      entityId: id,
      beforeTitle: edited(found.item).title,
    });
    return toStudioItem({ item: deleted, published: found.published });
  });
}

export const deleteExercise = (db: Db, editor: Editor, id: string) =>
  deleteItem(db, editor, 'exercise', id) as Promise<StudioExercise>;
export const deleteQuiz = (db: Db, editor: Editor, id: string) =>
  deleteItem(db, editor, 'quiz', id) as Promise<StudioQuiz>;

// ---- published versions: Update, Discard changes, history (decision 0051) ----

/** POST /api/studio/{exercises|quizzes}/{id}/update: the working copy becomes what learners see (an exercise's only
 *  when its check passes: 409 naming what fails), with a revision. */
export const publishItemChanges = (db: Db, editor: Editor, kind: ItemKind, id: string, version?: number) =>
  publishChanges(db, editor, kind, id, version, getStudioItem(kind));

/** POST /api/studio/{exercises|quizzes}/{id}/discard: the working copy is dropped. */
export const discardItemChanges = (db: Db, editor: Editor, kind: ItemKind, id: string, version?: number) =>
  discardChanges(db, editor, kind, id, version, getStudioItem(kind));

/** GET /api/studio/{exercises|quizzes}/{id}/revisions: newest first. */
export const listItemRevisions = (db: Db, kind: ItemKind, id: string): Promise<RevisionList> =>
  listRevisions(db, kind, id);

/** POST /api/studio/{exercises|quizzes}/{id}/revisions/{rev}/restore: into the working copy (a draft's item: into
 *  the item), for Update to publish. */
export const restoreItemRevision = (
  db: Db,
  editor: Editor,
  kind: ItemKind,
  id: string,
  revisionId: string,
  version?: number,
) => restoreRevision(db, editor, kind, id, revisionId, version, getStudioItem(kind));

/** What is wrong with a proposed order, or null when it names each of the owner's items exactly once. */
export const itemOrderProblem = (itemIds: string[], proposed: string[]) =>
  orderProblem(itemIds, proposed, {
    all: `its ${itemIds.length} practice items`,
    stranger: 'its practice items',
    missing: 'items',
  });

/** PUT /api/studio/{lessons|tutorials}/{id}/practice-order: all of its items, each once; answers them in order. */
export async function reorderItems(
  db: Db,
  editor: Editor,
  ownerKind: OwnerKind,
  ownerId: string,
  ids: string[],
): Promise<StudioPracticeItems> {
  const proposed = ids.map((id) => (isId(id) ? id.toLowerCase() : id));
  return contentWrite(db, async (tx) => {
    const owner = await findOwner(tx, ownerKind, ownerId, true);
    assertMayChange(editor, owner, ownerKind);
    const rows = await tx
      .select({ id: practiceItems.id })
      .from(practiceItems)
      .where(eq(ownerColumn(ownerKind), owner.id));
    const problem = itemOrderProblem(
      rows.map((row) => row.id),
      proposed,
    );
    if (problem) throw badRequest(problem);
    if (proposed.length > 0) {
      const positions = sql.join(
        proposed.map((id, position) => sql`(${id}::uuid, ${position}::int)`),
        sql`, `,
      );
      await tx.execute(
        sql`update ${practiceItems} set position = v.position, updated_at = now()
            from (values ${positions}) as v(id, position) where ${practiceItems.id} = v.id`,
      );
    }
    await recordAudit(tx, {
      actor: editor,
      action: 'reorder-practice',
      entity: ownerKind,
      entityId: owner.id,
      beforeTitle: owner.title,
      afterTitle: owner.title,
    });
    return listStudioItems(tx, ownerKind, owner.id);
  });
}
