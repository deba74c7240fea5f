// The PostgreSQL half of a benchmark: on a throwaway database of the server in DATABASE_URL, dropped afterwards
// (unless BENCH_KEEP_DATABASE=1).
// A machine without a reachable PostgreSQL still gets the PGlite half; the section then says why PostgreSQL is missing.
import { createThrowawayDatabase } from '../../src/server/test/throwaway-database';

/**
 * Runs `bench` with the URL of a fresh database named `<prefix>_<random>` on `serverUrl` and drops it after.
 * When the server cannot be reached, adds a note saying so (password hidden) to `notes` and answers undefined.
 */
export async function onThrowawayPostgres<T>(
  serverUrl: string,
  prefix: string,
  notes: string[],
  bench: (databaseUrl: string) => Promise<T>,
): Promise<T | undefined> {
  const postgres = await createThrowawayDatabase(serverUrl, prefix).catch((err: Error) => err.message);
  if (typeof postgres === 'string') {
    const note = `PostgreSQL skipped: ${serverUrl.replace(/\/\/[^@/]*@/, '//…@')} is unreachable (${postgres}).`;
    console.log(`\n${note}`);
    notes.push(note);
    return undefined;
  }
  try {
    return await bench(postgres.url);
  } finally {
    // BENCH_KEEP_DATABASE=1 leaves the database for EXPLAIN ANALYZE; drop it by hand afterwards.
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept database ${postgres.name}`);
    else await postgres.drop();
  }
}
