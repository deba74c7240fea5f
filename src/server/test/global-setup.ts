// Vitest global setup: prepares one migrated database image per run, which every test file copies.
// PGlite: a dump of a migrated in-memory database. PostgreSQL (DATABASE_URL set): a migrated template database.
// Everything made here is dropped at teardown.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { createThrowawayDatabase } from './throwaway-database';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb:
      { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; serverUrl: string; template: string; runId: string };
  }
}

export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = await createThrowawayDatabase(serverUrl, `devc_tmpl_${runId}`);
    const database = await openDatabase({ url: template.url });
    await database.close();
    project.provide('testDb', { kind: 'postgres', serverUrl, template: template.name, runId });
    return async () => {
      // Every database of this run (the template and any copy a crashed test file did not drop) has runId in its name.
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
        `devc_%${runId}%`,
      ]);
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    };
  }

  const database = await openDatabase({ memory: true });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dumpFile = path.join(os.tmpdir(), `devc-pglite-${runId}.tar`);
  fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDb', { kind: 'pglite', dumpFile });
  return () => fs.rmSync(dumpFile, { force: true });
}
