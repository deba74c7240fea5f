import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { type Database, type Db, migrationStatus, openDatabase } from './client';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const setting = async (db: Db) =>
  ((await db.execute(sql`select current_setting('synchronous_commit') as value`)) as { rows: { value: string }[] })
    .rows[0].value;

describe('relaxedDb (decision 0023)', () => {
  it('commits without waiting for the disk on PostgreSQL, and only there; everything else waits', async () => {
    if (database.kind === 'postgres') {
      expect(await setting(database.relaxedDb)).toBe('off');
      expect(await setting(database.db)).toBe('on');
    } else {
      expect(database.relaxedDb).toBe(database.db);
    }
  });

  it('is the same database: a write through it is read at once through the other', async () => {
    await database.relaxedDb.execute(sql`create table relaxed_probe (n int)`);
    await database.relaxedDb.execute(sql`insert into relaxed_probe values (41), (1)`);
    const sum = (await database.db.execute(sql`select sum(n)::int as total from relaxed_probe`)) as {
      rows: { total: number }[];
    };
    expect(sum.rows[0].total).toBe(42);
  });
});

// pg_trgm is loaded into PGlite only where migration 0011, which creates it, is still to run (decision 0064).
describe.runIf(!process.env.DATABASE_URL)('PGlite and the trigram extension', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-trgm-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const trigramsWork = async (db: Db) =>
    db.execute(sql`select similarity('python', 'pyhton') as s`).then(
      () => true,
      () => false,
    );

  it('a new database is migrated with it; opened again, it runs without the library', async () => {
    const created = await openDatabase({ dataDir });
    expect(await migrationStatus(created)).toMatchObject({ pending: 0 });
    expect(await trigramsWork(created.db)).toBe(true);
    await created.close();

    const reopened = await openDatabase({ dataDir });
    expect(await migrationStatus(reopened)).toMatchObject({ pending: 0 });
    expect(await trigramsWork(reopened.db)).toBe(false);
    const counted = await reopened.db.execute(sql`select count(*)::int as n from courses`);
    expect((counted as { rows: { n: number }[] }).rows[0].n).toBeGreaterThanOrEqual(0);
    await reopened.close();
  }, 120_000);

  it('a database that lacks the extension, as one made before migration 0011, is opened with it', async () => {
    const before = await openDatabase({ dataDir }, { migrate: false });
    await before.db.execute(sql`drop extension pg_trgm`);
    await before.close();

    const upgraded = await openDatabase({ dataDir });
    await upgraded.db.execute(sql`create extension pg_trgm`);
    expect(await trigramsWork(upgraded.db)).toBe(true);
    await upgraded.close();
  }, 120_000);
});
