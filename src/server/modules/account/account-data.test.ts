// Every column that references an account is answered for in account-data.ts: a new table (or column) holding a
// person's data fails here until its export and its fate on deletion are written down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/test-database';
import { userReferences } from '../../test/user-references';
import { ACCOUNT_DATA, coveredColumns } from './account-data';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the list of what an account holds', () => {
  it('answers for every column that references users, and names no column that does not', async () => {
    const references = (await userReferences(database.db)).map((r) => `${r.table}.${r.column}`);
    expect(references.length).toBeGreaterThan(10);
    const covered = coveredColumns();
    expect(
      references.filter((ref) => !covered.has(ref)),
      'columns referencing users without an entry',
    ).toEqual([]);
    expect(
      [...covered].filter((ref) => !references.includes(ref)),
      'entries naming no such column',
    ).toEqual([]);
  });

  it('names each part once', () => {
    const names = ACCOUNT_DATA.map((part) => part.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain('account');
  });
});
