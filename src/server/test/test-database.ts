// A fresh database for one test file: a copy of the migrated image the global setup made.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';

export async function createTestDatabase(): Promise<Database> {
  const target = inject('testDb');
  if (target.kind === 'pglite') {
    const loadDataDir = new Blob([fs.readFileSync(target.dumpFile)]);
    return openDatabase({ memory: true, loadDataDir }, { migrate: false });
  }
  const { default: pg } = await import('pg');
  const name = `devc_t_${randomBytes(4).toString('hex')}_${target.runId}`;
  const admin = new pg.Client({ connectionString: target.serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${target.template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(target.serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() }, { migrate: false });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: target.serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
