// Studio courses and their lessons: every course (drafts too) with its lessons in order; create, versioned edits,
// publish/unpublish, delete, lessons appended, edited, removed and reordered. Each write is one transaction with
// its audit row and the cache NOTIFY (content-write.ts).
import { lessonPublished } from '../notifications';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { LIMITS } from '../../../shared/constants';
import type {
  CreateCourseBody,
  CreateLessonBody,
  PatchCourseBody,
  PatchLessonBody,
  StudioCourse,
  StudioLesson,
} from '../../../shared/studio';
import type { Db } from '../../db/client';
import { courses, lessons, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { isId } from '../../lib/ids';
import { isBlankAuthoredHtml, sanitizeAuthoredHtml } from '../../lib/sanitize';
import { authorOf, cleanTitle, contentWrite, iso, lostRace, readOne, saveAction } from './content-write';
import { badRequest, conflict } from '../../lib/errors';
import { assertMayChange, type Editor, itemNotFound, staleVersion } from './studio-access';
import {
  checkPublishable,
  editedFields,
  fieldText,
  foldLessonWorkingCopies,
  forgetPracticeRevisions,
  forgetRevisions,
  lessonFieldColumns,
  lessonIdsOf,
  itemState,
  recordRevision,
  REVISABLE,
  saveToWorkingCopy,
  versionsOf,
} from './working-copy';
import { orderProblem } from '../../lib/order-problem';

/** The Studio lists at most this many items of a kind (a list's cost does not grow with the table). */
export const STUDIO_LIST_MAX = 1_000;

const courseColumns = {
  id: courses.id,
  title: courses.title,
  description: courses.description,
  cover: courses.cover,
  status: courses.status,
  version: courses.version,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
  authorId: courses.authorId,
  authorName: users.name,
  working: courses.working,
};
const lessonColumns = {
  id: lessons.id,
  courseId: lessons.courseId,
  title: lessons.title,
  link: lessons.link,
  description: lessons.description,
  captions: lessons.captions,
  status: lessons.status,
  version: lessons.version,
  updatedAt: lessons.updatedAt,
  working: lessons.working,
};
type LessonRow = Pick<typeof lessons.$inferSelect, keyof typeof lessonColumns>;

/** Readers see a lesson when it and its course are published: then its edits wait in its working copy. */
const toLesson = (item: LessonRow, coursePublished: boolean): StudioLesson => {
  const published = coursePublished && item.status === 'published';
  const { shown: row, updatedAt, ...versions } = versionsOf(item, published);
  return {
    _id: row.id,
    courseId: row.courseId,
    title: row.title,
    link: row.link,
    description: row.description,
    captions: row.captions,
    status: published ? 'published' : 'draft',
    version: row.version,
    updatedAt,
    ...versions,
  };
};

const selectCourses = (db: Db) =>
  db.select(courseColumns).from(courses).leftJoin(users, eq(users.id, courses.authorId));
type CourseRow = Awaited<ReturnType<typeof selectCourses>>[number];

const toCourse = (item: CourseRow, courseLessons: StudioLesson[]): StudioCourse => {
  const { shown: row, updatedAt, ...versions } = versionsOf(item, item.status === 'published');
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    cover: row.cover,
    status: row.status,
    version: row.version,
    createdAt: iso(row.createdAt),
    updatedAt,
    author: authorOf(row),
    lessons: courseLessons,
    ...versions,
  };
};

async function lessonsOf(db: Db, courseIds: string[]): Promise<Map<string, StudioLesson[]>> {
  const byCourse = new Map<string, StudioLesson[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return byCourse;
  const rows = await db
    .select({ ...lessonColumns, courseStatus: courses.status })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(inArray(lessons.courseId, courseIds))
    .orderBy(asc(lessons.position), asc(lessons.id));
  for (const row of rows) byCourse.get(row.courseId)?.push(toLesson(row, row.courseStatus === 'published'));
  return byCourse;
}

/** One lesson as the Studio answers it. */
export async function getStudioLesson(db: Db, id: string): Promise<StudioLesson> {
  const row = await readOne('lesson', id, () =>
    db
      .select({ ...lessonColumns, courseStatus: courses.status })
      .from(lessons)
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(eq(lessons.id, id)),
  );
  return toLesson(row, row.courseStatus === 'published');
}

/** Every course, drafts too, in catalogue order, each with its lessons in order. */
export async function listStudioCourses(db: Db): Promise<StudioCourse[]> {
  const rows = await selectCourses(db).orderBy(asc(courses.position), asc(courses.id)).limit(STUDIO_LIST_MAX);
  const byCourse = await lessonsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toCourse(row, byCourse.get(row.id) ?? []));
}

export async function getStudioCourse(db: Db, id: string): Promise<StudioCourse> {
  const row = await readOne('course', id, () => selectCourses(db).where(eq(courses.id, id)));
  const byCourse = await lessonsOf(db, [row.id]);
  return toCourse(row, byCourse.get(row.id) ?? []);
}

const emptyDescription = () =>
  badRequest('description is empty: a published course needs a description (save it as a draft until then)');

export async function createCourse(db: Db, editor: Editor, body: CreateCourseBody): Promise<StudioCourse> {
  const title = cleanTitle(body.title);
  const description = sanitizeAuthoredHtml(body.description);
  const status = body.status ?? 'draft';
  if (status === 'published' && isBlankAuthoredHtml(description)) throw emptyDescription();
  return contentWrite(db, async (tx) => {
    const [row] = await tx
      .insert(courses)
      .values({
        title,
        description,
        cover: body.cover,
        status,
        authorId: editor.id,
        // After the last course: new courses join the end of the catalogue.
        position: sql`(select coalesce(max(${courses.position}), -1) + 1 from ${courses})`,
      })
      .returning({ id: courses.id });
    await recordAudit(tx, { actor: editor, action: 'create', entity: 'course', entityId: row.id, afterTitle: title });
    return getStudioCourse(tx, row.id);
  });
}

/** What a change of a course, or of its lessons, checks and records. */
const courseBeforeChange = {
  id: courses.id,
  title: courses.title,
  description: courses.description,
  status: courses.status,
  version: courses.version,
  authorId: courses.authorId,
};

/** The course row a change needs, locked until the transaction ends (lesson writes of one course queue up). */
const lockCourse = (tx: Db, id: string) =>
  readOne('course', id, () => tx.select(courseBeforeChange).from(courses).where(eq(courses.id, id)).for('update'));

/** Any subset of the fields on the version the editor saw; a stale version is refused, the row left untouched. */
export async function updateCourse(db: Db, editor: Editor, id: string, body: PatchCourseBody): Promise<StudioCourse> {
  if (!isId(id)) throw itemNotFound('course');
  const changes = {
    ...(body.title !== undefined && { title: cleanTitle(body.title) }),
    ...(body.description !== undefined && { description: sanitizeAuthoredHtml(body.description) }),
    ...(body.cover !== undefined && { cover: body.cover }),
    ...(body.status !== undefined && { status: body.status }),
  };
  const r = REVISABLE.course;
  return contentWrite(db, async (tx) => {
    const state = await itemState(tx, r, id, { lock: true });
    assertMayChange(editor, state, 'course');
    if (state.version !== body.version) throw staleVersion('course', state.version, body.version);
    const { status: newStatus, ...edits } = changes;
    // A published course stays as readers see it: the edit goes into its working copy until Update.
    if (state.published && (newStatus ?? 'published') === 'published') {
      await saveToWorkingCopy(tx, editor, r, state, body.version, edits);
      return getStudioCourse(tx, id);
    }
    // Unpublishing makes the course a draft again: a draft has no working copy, so its edits become the course
    // (its lessons' too).
    const fields = { ...(state.working?.fields ?? {}), ...edits };
    const before = state.published ? 'published' : 'draft';
    const status = newStatus ?? before;
    if (status === 'published') checkPublishable(r, { ...state.live, ...fields });
    // The version check and the write are one statement: a save that raced past the read above still loses.
    const [saved] = await tx
      .update(courses)
      .set({
        ...fields,
        ...(newStatus !== undefined && { status: newStatus }),
        working: null,
        version: sql`${courses.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(courses.id, id), eq(courses.version, body.version)))
      .returning({ title: courses.title, version: courses.version });
    if (!saved) throw await lostRace(tx, courses, 'course', id, body.version);
    if (before === 'published' && status === 'draft') await foldLessonWorkingCopies(tx, id);
    // Every publish keeps a revision (the course's history).
    if (before === 'draft' && status === 'published')
      await recordRevision(tx, editor, r, id, { ...state.live, ...fields });
    await recordAudit(tx, {
      actor: editor,
      action: saveAction(before, status),
      entity: 'course',
      entityId: id,
      beforeTitle: fieldText(editedFields(state), 'title'),
      afterTitle: saved.title,
    });
    return getStudioCourse(tx, id);
  });
}

/** Deletes the course with its lessons (and their comments); answers it as it was. */
export async function deleteCourse(db: Db, editor: Editor, id: string): Promise<StudioCourse> {
  return contentWrite(db, async (tx) => {
    const current = await lockCourse(tx, id);
    assertMayChange(editor, current, 'course');
    const before = await getStudioCourse(tx, id);
    await forgetPracticeRevisions(tx, 'lesson', lessonIdsOf(id));
    await forgetRevisions(tx, 'lesson', lessonIdsOf(id));
    await forgetRevisions(tx, 'course', [id]);
    await tx.delete(courses).where(eq(courses.id, id));
    await recordAudit(tx, {
      actor: editor,
      action: 'delete',
      entity: 'course',
      entityId: id,
      beforeTitle: current.title,
    });
    return before;
  });
}

// ---- lessons ----

/** Reads a video's duration in seconds from the media a link names (null when unknown); see media-duration.ts. */
export type DurationOf = (link: string) => Promise<number | null>;
const noDuration: DurationOf = async () => null;

/** A lesson's course's last edit moves with its lessons, so the Studio list shows when a course was last worked on. */
const touchCourse = (tx: Db, courseId: string) =>
  tx
    .update(courses)
    .set({ updatedAt: sql`now()` })
    .where(eq(courses.id, courseId));

/** Appends a lesson to the course. Added to a published course, it is a draft until published (its own publish or
 *  the course's Update); added to a draft course, it is part of the draft and published with the course. */
export async function addLesson(
  db: Db,
  editor: Editor,
  courseId: string,
  body: CreateLessonBody,
  durationOf: DurationOf = noDuration,
): Promise<StudioLesson> {
  const title = cleanTitle(body.title);
  const description = sanitizeAuthoredHtml(body.description);
  const link = body.link ?? '';
  const duration = link ? await durationOf(link) : null;
  return contentWrite(db, async (tx) => {
    const course = await lockCourse(tx, courseId);
    assertMayChange(editor, course, 'lesson');
    const [{ lessonCount }] = await tx
      .select({ lessonCount: count() })
      .from(lessons)
      .where(eq(lessons.courseId, course.id));
    if (lessonCount >= LIMITS.lessonsPerCourseMax)
      throw badRequest(`a course has at most ${LIMITS.lessonsPerCourseMax} lessons`);
    const [row] = await tx
      .insert(lessons)
      .values({
        courseId: course.id,
        title,
        link,
        description,
        captions: body.captions ?? null,
        duration,
        status: course.status === 'published' ? 'draft' : 'published',
        position: sql`(select coalesce(max(${lessons.position}), -1) + 1 from ${lessons} where ${lessons.courseId} = ${course.id})`,
      })
      .returning(lessonColumns);
    await touchCourse(tx, course.id);
    await recordAudit(tx, { actor: editor, action: 'create', entity: 'lesson', entityId: row.id, afterTitle: title });
    return toLesson(row, course.status === 'published');
  });
}

type PublishedLesson = Pick<typeof lessons.$inferSelect, keyof typeof lessonFieldColumns>;

/** Lessons just published (their row says so now): each keeps a revision and is audited as a publish, and the
 *  course's learners hear of it. */
async function lessonsPublished(tx: Db, editor: Editor, courseId: string, rows: PublishedLesson[]): Promise<void> {
  for (const row of rows) {
    await recordRevision(tx, editor, REVISABLE.lesson, row.id, row);
    await recordAudit(tx, {
      actor: editor,
      action: 'publish',
      entity: 'lesson',
      entityId: row.id,
      afterTitle: row.title,
    });
    await lessonPublished(tx, { lessonId: row.id, courseId, authorId: editor.id });
  }
}

/**
 * Publishes the draft lessons of a published course, all of them (the course's Update) or the one named (the
 * lesson's own Update, which counts as a save of it: its version moves). Answers how many were published.
 */
export async function publishDraftLessons(
  tx: Db,
  editor: Editor,
  courseId: string,
  lessonId?: string,
): Promise<number> {
  const rows = await tx
    .update(lessons)
    .set({
      status: 'published',
      updatedAt: sql`now()`,
      ...(lessonId !== undefined && { version: sql`${lessons.version} + 1` }),
    })
    .where(
      and(
        eq(lessons.courseId, courseId),
        eq(lessons.status, 'draft'),
        lessonId === undefined ? undefined : eq(lessons.id, lessonId),
      ),
    )
    .returning(lessonFieldColumns);
  await lessonsPublished(tx, editor, courseId, rows);
  return rows.length;
}

/** The lesson and its course's author (the author-owns rule), with the course row locked first, as every lesson
 *  write does, so two writes on one course always take their locks in the same order. */
const findLesson = (tx: Db, id: string) =>
  readOne('lesson', id, () =>
    tx
      .select({
        title: lessons.title,
        version: lessons.version,
        courseId: lessons.courseId,
        authorId: courses.authorId,
      })
      .from(lessons)
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(eq(lessons.id, id))
      .for('update', { of: courses }),
  );

export async function updateLesson(
  db: Db,
  editor: Editor,
  id: string,
  body: PatchLessonBody,
  durationOf: DurationOf = noDuration,
): Promise<StudioLesson> {
  const changes = {
    ...(body.title !== undefined && { title: cleanTitle(body.title) }),
    // A new video brings its own duration (null for a third-party link, until its first player report).
    ...(body.link !== undefined && { link: body.link, duration: body.link ? await durationOf(body.link) : null }),
    ...(body.description !== undefined && { description: sanitizeAuthoredHtml(body.description) }),
    ...(body.captions !== undefined && { captions: body.captions }),
  };
  const r = REVISABLE.lesson;
  return contentWrite(db, async (tx) => {
    const state = await itemState(tx, r, id, { lock: true });
    assertMayChange(editor, state, 'lesson');
    if (state.version !== body.version) throw staleVersion('lesson', state.version, body.version);
    const courseId = state.courseId ?? '';
    const before = state.published ? 'published' : 'draft';
    if (body.status === 'published' && !state.coursePublished) throw publishedWithCourse();
    // A lesson of a draft course is a draft with it: 'draft' changes nothing there.
    const after = state.coursePublished ? (body.status ?? before) : before;
    if (before === 'published' && after === 'published') {
      // A published lesson stays as readers see it: the edit goes into its working copy until Update.
      await saveToWorkingCopy(tx, editor, r, state, body.version, changes);
      await touchCourse(tx, courseId);
      return getStudioLesson(tx, id);
    }
    // A draft's edits go to the row. Unpublishing takes the lesson off at once, and its working copy becomes the
    // draft (a draft has no working copy, and nothing typed is lost).
    const fields = { ...(state.working?.fields ?? {}), ...changes };
    const [saved] = await tx
      .update(lessons)
      .set({
        ...fields,
        ...(after !== before && { status: after }),
        working: null,
        version: sql`${lessons.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(lessons.id, id), eq(lessons.version, body.version)))
      .returning(lessonFieldColumns);
    if (!saved) throw await lostRace(tx, lessons, 'lesson', id, body.version);
    if (before === 'draft' && after === 'published') await lessonsPublished(tx, editor, courseId, [saved]);
    else
      await recordAudit(tx, {
        actor: editor,
        action: saveAction(before, after),
        entity: 'lesson',
        entityId: id,
        beforeTitle: fieldText(editedFields(state), 'title'),
        afterTitle: saved.title,
      });
    await touchCourse(tx, courseId);
    return getStudioLesson(tx, id);
  });
}

/** A lesson of a draft course has no publish of its own. */
export const publishedWithCourse = () =>
  conflict('This lesson is part of a draft course: it is published with its course (publish the course).');

export async function deleteLesson(db: Db, editor: Editor, id: string): Promise<StudioLesson> {
  return contentWrite(db, async (tx) => {
    const current = await findLesson(tx, id);
    assertMayChange(editor, current, 'lesson');
    const gone = await getStudioLesson(tx, id);
    await forgetPracticeRevisions(tx, 'lesson', sql`select ${gone._id}::uuid`);
    const [deleted] = await tx.delete(lessons).where(eq(lessons.id, id)).returning({ id: lessons.id });
    if (!deleted) throw itemNotFound('lesson');
    await forgetRevisions(tx, 'lesson', [deleted.id]);
    await touchCourse(tx, current.courseId);
    await recordAudit(tx, {
      actor: editor,
      action: 'delete',
      entity: 'lesson',
      entityId: id,
      beforeTitle: current.title,
    });
    return gone;
  });
}

/** What is wrong with a proposed order of a course's lessons, or null when it names each lesson exactly once. */
export const lessonOrderProblem = (lessonIds: string[], proposed: string[]) =>
  orderProblem(lessonIds, proposed, {
    all: `the course's ${lessonIds.length} lessons`,
    stranger: 'lessons of this course',
    missing: 'lessons',
  });

/** Puts the course's lessons in the order of `ids` (all of them, each once); answers them in that order. */
export async function reorderLessons(db: Db, editor: Editor, courseId: string, ids: string[]): Promise<StudioLesson[]> {
  // UUIDs are stored lower-case; a client may send them in either case.
  const proposed = ids.map((id) => (isId(id) ? id.toLowerCase() : id));
  return contentWrite(db, async (tx) => {
    const course = await lockCourse(tx, courseId);
    assertMayChange(editor, course, 'lesson');
    const rows = await tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.courseId, course.id))
      .orderBy(asc(lessons.position), asc(lessons.id));
    const problem = lessonOrderProblem(
      rows.map((r) => r.id),
      proposed,
    );
    if (problem) throw badRequest(problem);
    if (proposed.length > 0) {
      const positions = sql.join(
        proposed.map((id, position) => sql`(${id}::uuid, ${position}::int)`),
        sql`, `,
      );
      await tx.execute(
        sql`update ${lessons} set position = v.position from (values ${positions}) as v(id, position)
            where ${lessons.id} = v.id and ${lessons.courseId} = ${course.id}`,
      );
    }
    await touchCourse(tx, course.id);
    await recordAudit(tx, {
      actor: editor,
      action: 'reorder',
      entity: 'course',
      entityId: course.id,
      beforeTitle: course.title,
      afterTitle: course.title,
    });
    const byCourse = await lessonsOf(tx, [course.id]);
    return byCourse.get(course.id) ?? [];
  });
}
