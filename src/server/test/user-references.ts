// The columns of the migrated schema that reference an account (users.id), read from the database's own catalogue.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface UserReference {
  table: string;
  column: string;
}

/** Every foreign key column to users.id, as `{table, column}`, in name order. */
export async function userReferences(db: Db): Promise<UserReference[]> {
  const result = (await db.execute<{ table: string; column: string }>(sql`
    select c.conrelid::regclass::text as "table", a.attname as "column"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
     where c.contype = 'f' and c.confrelid = 'users'::regclass
     order by 1, 2`)) as { rows: UserReference[] };
  return result.rows;
}
