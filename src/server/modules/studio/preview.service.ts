// Previews: a draft or a working copy as readers would see it, in the shape of the public read its page makes, for its
// author and admins, or for anyone holding a preview link until it expires (24 h) or is revoked; for every kind with a
// working copy (a practice item's shape is its module's). A link is signed (HMAC-SHA256 with a key derived from the
// server's own secret) and carries the item's preview generation; raising the generation revokes every link made
// before. docs/decisions/0051-working-copies-revisions-and-previews.md
import { createHmac, timingSafeEqual } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Blog, CourseWithLessons, Lesson, LessonPage, Tutorial } from '../../../shared/contract';
import { PREVIEW_LINK_TTL_MS, type PreviewLink } from '../../../shared/studio-revisions';
import type { Db } from '../../db/client';
import { blogs, lessons } from '../../db/schema';
import { derivedKey } from '../../lib/cursor';
import { forbidden, unauthorized } from '../../lib/errors';
import { highlightCode } from '../../lib/highlight';
import { assertMayChange, type Editor } from './studio-access';
import {
  editedFields,
  type Fields,
  fieldText,
  type ItemState,
  itemState,
  lessonFieldColumns,
  REVISABLE,
  type RevisionKind,
  type WorkingKind,
} from './working-copy';

/** The preview links' key: derived from the server-held secret every process shares (app_secrets), for this use
 *  only, so a preview signature is never a valid list cursor or the other way round. */
const previewKey = (db: Db) => derivedKey(db, 'devcourses preview links');

const signature = (key: Buffer, kind: WorkingKind, id: string, generation: number, expires: number) =>
  createHmac('sha256', key).update(`${kind}\n${id}\n${generation}\n${expires}`).digest();

/** The page a preview is shown at (the web app's preview routes). */
const previewPath = (kind: WorkingKind, state: ItemState) => {
  switch (kind) {
    case 'course':
      return `/preview/course/${state.id}`;
    case 'lesson':
      return `/preview/course/${state.courseId ?? ''}/${state.id}`;
    case 'tutorial':
      return `/preview/tutorial/${state.id}`;
    case 'blog':
      return `/preview/blog/${state.id}`;
    case 'exercise':
      return `/preview/exercise/${state.id}`;
    case 'quiz':
      return `/preview/quiz/${state.id}`;
  }
};

/** POST …/{id}/preview-link: a link anyone may open, signed out too, for PREVIEW_LINK_TTL_MS. */
export async function makePreviewLink(
  db: Db,
  editor: Editor,
  kind: WorkingKind,
  id: string,
  { publicUrl, now }: { publicUrl: string; now: number },
): Promise<PreviewLink> {
  const r = REVISABLE[kind];
  const state = await itemState(db, r, id);
  assertMayChange(editor, state, state.access);
  const expires = now + PREVIEW_LINK_TTL_MS;
  const mac = signature(await previewKey(db), kind, state.id, state.previewGeneration, expires);
  const token = `${state.previewGeneration}.${expires}.${mac.toString('base64url')}`;
  return {
    url: `${publicUrl}${previewPath(kind, state)}?token=${encodeURIComponent(token)}`,
    expiresAt: new Date(expires).toISOString(),
  };
}

/** DELETE …/{id}/preview-link: every link made so far stops working. */
export async function revokePreviewLinks(db: Db, editor: Editor, kind: WorkingKind, id: string): Promise<void> {
  const r = REVISABLE[kind];
  await db.transaction(async (tx) => {
    const state = await itemState(tx, r, id, { lock: true });
    assertMayChange(editor, state, state.access);
    await tx.execute(sql`update ${r.table} set preview_generation = preview_generation + 1 where id = ${state.id}`);
  });
}

async function linkIsValid(db: Db, kind: WorkingKind, state: ItemState, token: string, now: number) {
  const [generation, expires, mac, extra] = token.split('.');
  if (!generation || !expires || !mac || extra !== undefined) return false;
  if (Number(generation) !== state.previewGeneration || !(Number(expires) > now)) return false;
  const expected = signature(await previewKey(db), kind, state.id, state.previewGeneration, Number(expires));
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Who may see a preview: the holder of a valid link, the item's author, an admin. */
async function assertMaySee(
  db: Db,
  kind: WorkingKind,
  state: ItemState,
  viewer: { editor: Editor | null; token: string | undefined; now: number },
): Promise<void> {
  if (viewer.token !== undefined && (await linkIsValid(db, kind, state, viewer.token, viewer.now))) return;
  const r = REVISABLE[kind];
  if (viewer.editor && (viewer.editor.role === 'author' || viewer.editor.role === 'admin')) {
    assertMayChange(viewer.editor, state, state.access);
    return;
  }
  if (viewer.token !== undefined)
    throw forbidden('This preview link has expired or was revoked: ask its author for a new one');
  if (viewer.editor) throw forbidden(`Only its author or an admin can preview this ${r.name}`);
  throw unauthorized(`Sign in as its author or an admin to preview this ${r.name}, or open its preview link`);
}

/** A lesson as readers would see it, from its edited fields. */
async function lessonOf(id: string, fields: Fields): Promise<Lesson> {
  const duration = fields.duration;
  return {
    _id: id,
    title: fieldText(fields, 'title'),
    link: fieldText(fields, 'link'),
    description: await highlightCode(fieldText(fields, 'description')),
    captions: typeof fields.captions === 'string' ? fields.captions : null,
    duration: typeof duration === 'number' ? duration : null,
  };
}

/** A course's lessons in order, each as it would be after its Update. */
async function previewLessons(db: Db, courseId: string): Promise<Lesson[]> {
  const rows = await db
    .select({ ...lessonFieldColumns, working: lessons.working })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position), asc(lessons.id));
  return Promise.all(rows.map(({ id, working, ...live }) => lessonOf(id, working?.fields ?? live)));
}

export type PreviewAnswer = Blog[] | Tutorial[] | CourseWithLessons | LessonPage;

/** Who asks for a preview: the signed-in editor, if any, the link's token, if any, and the time. */
export interface PreviewViewer {
  editor: Editor | null;
  token: string | undefined;
  now: number;
}

/** A kind's preview: its draft or working copy (`fields`) in the shape of the public read its page makes. */
export type PreviewShape<T> = (db: Db, state: ItemState, fields: Fields, now: number) => Promise<T>;

/** GET /api/preview/{kind}/{id}: the draft or working copy in the shape of the page's public read (a practice
 *  item's shape is passed by its module). */
export async function readPreview<T = PreviewAnswer>(
  db: Db,
  kind: WorkingKind,
  id: string,
  viewer: PreviewViewer,
  shape?: PreviewShape<T>,
): Promise<T> {
  const state = await itemState(db, REVISABLE[kind], id);
  await assertMaySee(db, kind, state, viewer);
  const fields = editedFields(state);
  if (shape) return shape(db, state, fields, viewer.now);
  return (await readerAnswer(db, kind as RevisionKind, state, fields, viewer.now)) as T;
}

/** A course's, lesson's, tutorial's or blog post's preview, in the shape of its page's public read. */
async function readerAnswer(
  db: Db,
  kind: RevisionKind,
  state: ItemState,
  fields: Fields,
  now: number,
): Promise<PreviewAnswer> {
  const { id } = state;
  switch (kind) {
    case 'blog': {
      const [row] = await db
        .select({ date: blogs.date, createdAt: blogs.createdAt })
        .from(blogs)
        .where(eq(blogs.id, id));
      const date = row?.date ?? new Date(now);
      return [
        {
          _id: state.id,
          title: fieldText(fields, 'title'),
          content: await highlightCode(fieldText(fields, 'content')),
          date: date.toISOString(),
        },
      ];
    }
    case 'tutorial':
      return [
        {
          _id: state.id,
          title: fieldText(fields, 'title'),
          image: fieldText(fields, 'image'),
          content: await highlightCode(fieldText(fields, 'content')),
        },
      ];
    case 'course':
      return {
        _id: state.id,
        title: fieldText(fields, 'title'),
        description: await highlightCode(fieldText(fields, 'description')),
        cover: fieldText(fields, 'cover'),
        lessonlist: await previewLessons(db, state.id),
      };
    case 'lesson': {
      const lessonList = await previewLessons(db, state.courseId ?? '');
      const current = lessonList.find((lesson) => lesson._id === state.id) ?? (await lessonOf(state.id, fields));
      const updatedAt = state.working?.savedAt ?? new Date(now).toISOString();
      return { course: [current], lessionList: lessonList, updatedAt };
    }
  }
}
