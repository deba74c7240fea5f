// A fresh database for one test file: a copy of the migrated image the global setup made.
import fs from 'node:fs';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { createThrowawayDatabase } from './throwaway-database';

export async function createTestDatabase(): Promise<Database> {
  const target = inject('testDb');
  if (target.kind === 'pglite') {
    const loadDataDir = new Blob([fs.readFileSync(target.dumpFile)]);
    return openDatabase({ memory: true, loadDataDir }, { migrate: false });
  }
  // The runId in the name lets the global teardown drop what a crashed test file left behind.
  const copy = await createThrowawayDatabase(target.serverUrl, `devc_t_${target.runId}`, { template: target.template });
  const database = await openDatabase({ url: copy.url }, { migrate: false });
  return {
    ...database,
    async close() {
      await database.close();
      await copy.drop();
    },
  };
}
