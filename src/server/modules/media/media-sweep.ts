// Uploaded files that nothing uses are removed after a grace period (docs/decisions/0026-unreferenced-media-clean-up.md).
// A file is referenced when its content hash appears, percent-decoded, in a course (cover, description), a lesson
// (video link, captions, description), a tutorial (image, content) or a blog post (content), drafts included. The
// grace period lets an author upload and then save; it counts from the upload, or from the latest upload of the
// same bytes.
import { and, asc, gt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { blogs, courses, lessons, tutorials } from '../../db/schema';
import type { MediaStorage } from './media-storage';
import { isMediaKey } from './media.service';

/** An upload nothing references is kept at least this long: an author may upload and save much later. */
export const MEDIA_GRACE_MS = 24 * 60 * 60 * 1000;
/** How often the server looks for unreferenced uploads. */
export const MEDIA_SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface MediaSweepOptions {
  /** Files stored less than this long before `now` are kept whatever references them. */
  graceMs: number;
  /** The sweep's clock. Default: the current time. */
  now?: Date;
  /** Stops the sweep between two deletes (the server is closing). */
  signal?: AbortSignal;
}

export interface MediaSweepResult {
  /** The keys removed. */
  deleted: string[];
  /** Uploads older than the grace period that something references, and so were kept. */
  referenced: number;
}

interface ReferencingTable {
  table: PgTable;
  id: PgColumn;
  columns: PgColumn[];
}

/** Every column that may hold a media address, by table. */
const REFERENCING: ReferencingTable[] = [
  { table: courses, id: courses.id, columns: [courses.cover, courses.description] },
  { table: lessons, id: lessons.id, columns: [lessons.link, lessons.captions, lessons.description] },
  { table: tutorials, id: tutorials.id, columns: [tutorials.image, tutorials.content] },
  { table: blogs, id: blogs.id, columns: [blogs.content] },
];

const BATCH = 200;
const HASH = /[0-9a-f]{64}/g;
// A served path is percent-decoded once: `%3a`-style escapes of hex digits still name the same file.
const ESCAPED_HEX_DIGIT = /%(3[0-9]|6[1-6])/gi;
const decodeHexDigits = (text: string) =>
  text.replace(ESCAPED_HEX_DIGIT, (_, code: string) => String.fromCharCode(parseInt(code, 16)));

const hashOf = (key: string) => key.slice(0, key.indexOf('.'));

/** The content hashes that the stored content mentions, in the uploads' spelling (lower-case hex). */
export async function referencedMediaHashes(db: Db): Promise<Set<string>> {
  const hashes = new Set<string>();
  for (const { table, id, columns } of REFERENCING) {
    const text = sql<string>`concat_ws(' ', ${sql.join(columns, sql`, `)})`;
    // Only rows that could name an upload: its path (`uploads`) or a percent-escaped spelling of one.
    const mayName = or(sql`strpos(${text}, 'uploads') > 0`, sql`strpos(${text}, '%') > 0`);
    let after: string | undefined;
    for (;;) {
      const where: SQL | undefined = after === undefined ? mayName : and(mayName, gt(id, after));
      const rows = await db
        .select({ id: sql<string>`${id}`, text })
        .from(table)
        .where(where)
        .orderBy(asc(id))
        .limit(BATCH);
      for (const row of rows) for (const hash of decodeHexDigits(row.text).match(HASH) ?? []) hashes.add(hash);
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1].id;
    }
  }
  return hashes;
}

/** Whether any stored content mentions the hash now (the check made again just before a file is deleted). */
async function isReferenced(db: Db, hash: string): Promise<boolean> {
  for (const { table, columns } of REFERENCING) {
    const text = decodedText(columns);
    const [row] = await db
      .select({ one: sql<number>`1` })
      .from(table)
      .where(sql`strpos(${text}, ${hash}) > 0`)
      .limit(1);
    if (row) return true;
  }
  return false;
}

// The columns' text with percent-escaped hex digits decoded, in SQL, so that the check made just before a delete
// reads references as the full scan does.
function decodedText(columns: PgColumn[]): SQL {
  let text = sql`lower(concat_ws(' ', ${sql.join(columns, sql`, `)}))`;
  for (const digit of '0123456789abcdef') {
    text = sql`replace(${text}, ${'%' + digit.charCodeAt(0).toString(16)}, ${digit})`;
  }
  return text;
}

/** Whether there is any authored content at all: an empty database cannot tell what the stored files are for. */
async function hasContent(db: Db): Promise<boolean> {
  for (const table of [courses, tutorials, blogs]) {
    const [row] = await db
      .select({ one: sql<number>`1` })
      .from(table)
      .limit(1);
    if (row) return true;
  }
  return false;
}

/**
 * Removes stored uploads that are older than the grace period and that no content references. Never removes a
 * referenced file: each one is checked against the database again just before it goes. With a database that holds
 * no content at all (a fresh one beside an old media directory or bucket), it removes nothing.
 */
export async function sweepUnreferencedMedia(
  db: Db,
  storage: MediaStorage,
  { graceMs, now = new Date(), signal }: MediaSweepOptions,
): Promise<MediaSweepResult> {
  const cutoff = now.getTime() - graceMs;
  const old: string[] = [];
  for await (const object of storage.list()) {
    if (isMediaKey(object.key) && object.modifiedAt.getTime() < cutoff) old.push(object.key);
  }
  const result: MediaSweepResult = { deleted: [], referenced: 0 };
  if (old.length === 0 || !(await hasContent(db))) return result;

  const referenced = await referencedMediaHashes(db);
  for (const key of old) {
    if (signal?.aborted) break;
    const hash = hashOf(key);
    if (referenced.has(hash) || (await isReferenced(db, hash))) {
      result.referenced++;
      continue;
    }
    await storage.delete(key);
    result.deleted.push(key);
  }
  return result;
}

export interface MediaSweeps {
  /** Stops the timer and waits for a sweep in progress, which stops at its next file. */
  stop(): Promise<void>;
}

/** Sweeps every `everyMs` (the first one `everyMs` after the start), logging what it removed and any failure. */
export function startMediaSweeps(
  db: Db,
  storage: MediaStorage,
  options: { everyMs: number; graceMs: number; log: { info: LogFn; error: LogFn } },
): MediaSweeps {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  const run = async () => {
    try {
      const { deleted, referenced } = await sweepUnreferencedMedia(db, storage, {
        graceMs: options.graceMs,
        signal: stopping.signal,
      });
      if (deleted.length > 0) options.log.info({ deleted, referenced }, 'removed unreferenced uploads');
    } catch (err) {
      options.log.error({ err }, 'the sweep of unreferenced uploads failed');
    }
  };
  const timer = setInterval(() => {
    running ??= run().finally(() => (running = undefined));
  }, options.everyMs).unref();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}

type LogFn = (details: object, message: string) => void;
