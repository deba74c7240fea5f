// A fresh PostgreSQL database on the server of a PostgreSQL URL, dropped when done: used by the test harness
// (one per test file), the browser tests (one per server) and the benchmarks (one per run). No vitest here, so
// scripts outside the test runner can import it.
import { randomBytes } from 'node:crypto';

export interface ThrowawayDatabase {
  /** The database's own name (`<prefix>_<random>`). */
  name: string;
  /** `serverUrl` with the path pointing at this database. */
  url: string;
  drop(): Promise<void>;
}

/**
 * Makes `<prefix>_<random>` (a copy of `template` when given) on the server of `serverUrl`; throws when the server
 * cannot be reached or refuses. `prefix` must be a plain lower-case identifier: it is put into SQL as it is.
 */
export async function createThrowawayDatabase(
  serverUrl: string,
  prefix: string,
  opts: { template?: string } = {},
): Promise<ThrowawayDatabase> {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}${opts.template ? ` template ${opts.template}` : ''}`);
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
