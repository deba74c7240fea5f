import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './client';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the embedded database under a queue of statements', () => {
  it('lets the event loop turn (accept connections, read requests) while statements wait', async (context) => {
    // PostgreSQL runs statements in its own processes; only PGlite shares this process's event loop.
    if (database.kind !== 'pglite') return context.skip();
    const chains = 20;
    const perChain = 100;
    let done = 0;
    let doneWhenTheLoopTurned: number | null = null;
    setImmediate(() => (doneWhenTheLoopTurned = done));
    await Promise.all(
      Array.from({ length: chains }, async () => {
        for (let i = 0; i < perChain; i += 1) {
          await database.db.execute(sql`select ${i}::int as n`);
          done += 1;
        }
      }),
    );
    // Before the statements took turns, the loop turned only once all 2,000 had run: a new connection waited for
    // the whole queue (issue 14's soak: up to 10 s).
    expect(done).toBe(chains * perChain);
    expect(doneWhenTheLoopTurned).not.toBeNull();
    expect(doneWhenTheLoopTurned).toBeLessThan(chains * perChain);
  });

  it('keeps answering in order and passes errors through', async (context) => {
    if (database.kind !== 'pglite') return context.skip();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        database.db.execute<{ n: number }>(sql`select ${i}::int as n`).then((r) => r.rows[0].n),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 50 }, (_, i) => i));
    await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toThrow(/no_such_table/);
    const inTransaction = await database.db.transaction(async (tx) => {
      const result = await tx.execute<{ n: number }>(sql`select 7 as n`);
      return result.rows[0].n;
    });
    expect(inTransaction).toBe(7);
  });
});
