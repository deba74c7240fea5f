// Studio tutorials: every tutorial (drafts too); create, versioned edits, publish/unpublish, delete, through the
// calls tutorials share with blog posts (content-items.ts). A tutorial has an image and a place in the catalogue.
import { asc, eq, sql } from 'drizzle-orm';
import type { CreateTutorialBody, PatchTutorialBody, StudioTutorial } from '../../../shared/studio';
import type { Db } from '../../db/client';
import { tutorials, users } from '../../db/schema';
import { authorOf, iso, readOne } from './content-write';
import { type ContentKind, createItem, deleteItem, updateItem } from './content-items';
import type { Editor } from './studio-access';
import { foldPracticeWorkingCopies, forgetPracticeRevisions, versionsOf } from './working-copy';
import { STUDIO_LIST_MAX } from './studio-courses.service';

const columns = {
  id: tutorials.id,
  title: tutorials.title,
  image: tutorials.image,
  content: tutorials.content,
  status: tutorials.status,
  version: tutorials.version,
  createdAt: tutorials.createdAt,
  updatedAt: tutorials.updatedAt,
  authorId: tutorials.authorId,
  authorName: users.name,
  working: tutorials.working,
};
const selectTutorials = (db: Db) =>
  db.select(columns).from(tutorials).leftJoin(users, eq(users.id, tutorials.authorId));
type TutorialRow = Awaited<ReturnType<typeof selectTutorials>>[number];

const toTutorial = (item: TutorialRow): StudioTutorial => {
  const { shown: row, updatedAt, ...versions } = versionsOf(item, item.status === 'published');
  return {
    _id: row.id,
    title: row.title,
    image: row.image,
    content: row.content,
    status: row.status,
    version: row.version,
    createdAt: iso(row.createdAt),
    updatedAt,
    author: authorOf(row),
    ...versions,
  };
};

/** Every tutorial, drafts too, in catalogue order. */
export async function listStudioTutorials(db: Db): Promise<StudioTutorial[]> {
  const rows = await selectTutorials(db).orderBy(asc(tutorials.position), asc(tutorials.id)).limit(STUDIO_LIST_MAX);
  return rows.map(toTutorial);
}

export async function getStudioTutorial(db: Db, id: string): Promise<StudioTutorial> {
  return toTutorial(await readOne('tutorial', id, () => selectTutorials(db).where(eq(tutorials.id, id))));
}

const TUTORIAL: ContentKind<typeof tutorials, StudioTutorial, CreateTutorialBody> = {
  table: tutorials,
  name: 'tutorial',
  entity: 'tutorial',
  get: getStudioTutorial,
  created: (body) => ({
    image: body.image ?? '',
    // After the last tutorial: new tutorials join the end of the catalogue.
    position: sql`(select coalesce(max(${tutorials.position}), -1) + 1 from ${tutorials})`,
  }),
  saved: (body) => (body.image !== undefined ? { image: body.image } : {}),
  // A draft's practice items have no working copies either; deleted, they take their history with them.
  onUnpublish: (tx, id) => foldPracticeWorkingCopies(tx, 'tutorial', sql`select ${id}::uuid`),
  onDelete: (tx, id) => forgetPracticeRevisions(tx, 'tutorial', sql`select ${id}::uuid`),
};

export const createTutorial = (db: Db, editor: Editor, body: CreateTutorialBody) =>
  createItem(db, editor, TUTORIAL, body);
export const updateTutorial = (db: Db, editor: Editor, id: string, body: PatchTutorialBody) =>
  updateItem(db, editor, TUTORIAL, id, body);
export const deleteTutorial = (db: Db, editor: Editor, id: string) => deleteItem(db, editor, TUTORIAL, id);
