// Two apps on one PostgreSQL database, as two processes would run: each opens the database itself (its own pool and
// its own LISTEN connections). For the tests of what must reach every process (decisions 0032 and 0018).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app';
import { type Database, openDatabase } from '../db/client';
import { testConfig } from './test-app';
import { createThrowawayDatabase, type ThrowawayDatabase } from './throwaway-database';

/** Registers its own beforeAll/afterAll: a throwaway copy of the test database named `prefix` + the run id, and
 *  two apps on it. Call inside a `describe.runIf(inject('testDb').kind === 'postgres')`. */
export function twoAppProcesses(prefix: string): { apps: FastifyInstance[]; databases: Database[] } {
  const target = inject('testDb');
  const apps: FastifyInstance[] = [];
  const databases: Database[] = [];
  let copy: ThrowawayDatabase | undefined;
  beforeAll(async () => {
    if (target.kind !== 'postgres') return;
    copy = await createThrowawayDatabase(target.serverUrl, `${prefix}${target.runId}`, { template: target.template });
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url: copy.url }, { migrate: false });
      databases.push(database);
      const app = await buildApp({ config: testConfig(), database });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await copy?.drop();
  });
  return { apps, databases };
}
