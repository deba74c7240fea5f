// Opens the database: PGlite in a directory (or in memory) by default, PostgreSQL when a URL is given.
// Nothing else in the code knows which one it talks to.
import fs from 'node:fs';
import path from 'node:path';
import type { Extensions, PGlite as PgliteClient } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Client as PgClient } from 'pg';
import * as schema from './schema';
import { PATHS } from '../paths';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows a raw statement answers: both drivers (node-postgres and PGlite) answer raw queries with `{ rows }`. */
export async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}

export interface Database {
  db: Db;
  /** For writes whose loss in a crash of the database server costs little: progress reports (the player sends them
   *  again) and votes. On PostgreSQL their commits do not wait for the disk (`synchronous_commit = off`, a pool of
   *  its own): they are visible to every reader at once, and a server crash may lose the last ~0.6 s of them, never
   *  corrupt anything (decision 0023). On PGlite, `db` itself. */
  relaxedDb: Db;
  kind: 'pglite' | 'postgres';
  /** LISTEN on `channel`: `onNotify` gets each payload; `onConnected(false)` says notifications may be missed until
   *  `onConnected(true)` (PostgreSQL reconnects by itself). Answers the function that stops listening. */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotify: (payload: string) => void;
  onConnected?: (connected: boolean) => void;
}

const migrationsFolder = PATHS.migrationsDir;

export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true; loadDataDir?: Blob };

export async function openDatabase(target: DatabaseTarget, options: { migrate?: boolean } = {}): Promise<Database> {
  const migrate = options.migrate ?? true;
  const database = 'url' in target ? await openPostgres(target.url) : await openPglite(target, migrate);
  if (migrate) await migrateDatabase(database);
  return database;
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const relaxedPool = new pg.Pool({ connectionString: url, max: 10, options: '-c synchronous_commit=off' });
  // A connection that drops while idle must not crash the process.
  pool.on('error', () => {});
  relaxedPool.on('error', () => {});
  const db = drizzle(pool, { schema }) as unknown as Db;
  const relaxedDb = drizzle(relaxedPool, { schema }) as unknown as Db;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    relaxedDb,
    kind: 'postgres',
    async listen(channel, handlers) {
      const stop = await listenOnPostgres(pg.Client, url, channel, handlers);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await Promise.all([pool.end(), relaxedPool.end()]);
    },
  };
}

const RECONNECT_MS = { first: 100, max: 5_000 };

/** One dedicated connection per LISTEN (a pooled one would be handed to queries), reconnected with backoff. */
async function listenOnPostgres(
  Client: typeof PgClient,
  url: string,
  channel: string,
  { onNotify, onConnected }: ListenHandlers,
): Promise<() => Promise<void>> {
  let client: InstanceType<typeof Client> | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let delay = RECONNECT_MS.first;

  const lost = (failed: InstanceType<typeof Client>) => {
    if (client !== failed) return;
    client = null;
    onConnected?.(false);
    failed.end().catch(() => {});
    if (!stopped && !retry) {
      retry = setTimeout(() => {
        retry = null;
        void connect();
      }, delay);
      delay = Math.min(delay * 2, RECONNECT_MS.max);
    }
  };
  const connect = async (): Promise<boolean> => {
    const next = new Client({ connectionString: url });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch {
      lost(next);
      return false;
    }
    if (stopped) return false;
    delay = RECONNECT_MS.first;
    onConnected?.(true);
    return true;
  };

  if (!(await connect())) throw new Error(`Cannot LISTEN on ${channel}`);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

type PgliteTarget = { dataDir: string } | { memory: true; loadDataDir?: Blob };

async function openPglite(target: PgliteTarget, migrate: boolean): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const open = async (withTrigrams: boolean) => {
    // pg_trgm: migration 0011 creates it, with two indexes a later migration drops, and nothing has used it since
    // (decision 0057). Loading it into PGlite costs every request of the process afterwards, about 3 µs of CPU each
    // on the server's cheapest answers: Node's own `process.nextTick` runs slower from then on (decision 0064). So it
    // is loaded only where migration 0011 is still to run: a new database, or one made before that migration.
    const extensions: Extensions = withTrigrams
      ? { pg_trgm: (await import('@electric-sql/pglite/contrib/pg_trgm')).pg_trgm }
      : {};
    const client =
      'dataDir' in target
        ? new PGlite(target.dataDir, { extensions })
        : new PGlite({ extensions, ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}) });
    await client.waitReady;
    return client;
  };
  const isNew = 'dataDir' in target ? !pgliteDataDirExists(target.dataDir) : target.loadDataDir === undefined;
  let client = await open(migrate && isNew);
  // An existing database without the extension was made before migration 0011: opened again, with it.
  if (migrate && !isNew && !(await hasTrigramExtension(client))) {
    await client.close();
    client = await open(true);
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    relaxedDb: db,
    kind: 'pglite',
    // One process owns a PGlite database, so a NOTIFY reaches only this process's listeners, and never drops.
    async listen(channel, { onNotify, onConnected }) {
      const unlisten = await client.listen(channel, onNotify);
      onConnected?.(true);
      return unlisten;
    },
    close: () => client.close(),
  };
}

/** Whether a PGlite database has been made in this directory. */
function pgliteDataDirExists(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

async function hasTrigramExtension(client: PgliteClient): Promise<boolean> {
  const { rows } = await client.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'");
  return rows.length > 0;
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder });
  }
}

/** How many of the migrations shipped with this build the database has applied, and how many it lacks (Drizzle
 *  records each applied migration's hash in drizzle.__drizzle_migrations). Throws when the database does not answer. */
export async function migrationStatus(database: Database): Promise<{ applied: number; pending: number }> {
  const [{ readMigrationFiles }, { sql }] = await Promise.all([import('drizzle-orm/migrator'), import('drizzle-orm')]);
  const shipped = readMigrationFiles({ migrationsFolder });
  // Both drivers answer `execute` with a result whose `rows` are the rows.
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute<T>(query)) as { rows: T[] }).rows;
  const [table] = await rows<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return { applied: 0, pending: shipped.length };
  const applied = new Set(
    (await rows<{ hash: string }>(sql`select hash from drizzle.__drizzle_migrations`)).map((row) => row.hash),
  );
  const pending = shipped.filter((m) => !applied.has(m.hash)).length;
  return { applied: shipped.length - pending, pending };
}

/** The SQLSTATE of a failed query; Drizzle wraps driver errors, so look at the cause too. */
export function sqlState(err: unknown): string | undefined {
  return errorField(err, 'code', (code) => /^[0-9A-Z]{5}$/.test(code));
}

/** The name of the constraint a failed query broke, if the driver names it (Drizzle wraps the driver's error). */
export function sqlConstraint(err: unknown): string | undefined {
  return errorField(err, 'constraint');
}

/** A string field of the error or of one of its causes, the first that `accept`s. */
function errorField(err: unknown, field: string, accept = (_value: string) => true): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const value = (e as Record<string, unknown>)[field];
    if (typeof value === 'string' && accept(value)) return value;
  }
  return undefined;
}
