import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { Database, Db } from './client';

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
