// Browser tests' global setup: on PGlite, one database the compiled server made and migrated on its first start,
// which every server of the run starts from (a copy each). PGlite makes its cluster on a first start (initdb: 4–5 s
// of a 9 s start here), and every browser-test file starts a server; this first start, from an empty directory as a
// newcomer's `npm start` makes it, is the one they share. Each server still seeds the demo content itself (or not,
// as its test asks). PostgreSQL runs make a fresh database per server, as before.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR whose `pglite/` a server starts from ('' on PostgreSQL). */
    migratedDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL || !fs.existsSync(path.join(process.cwd(), 'dist', 'server', 'main.js'))) {
    project.provide('migratedDataDir', '');
    return;
  }
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-e2e-migrated-'));
  const server = await startServer({ env: { SEED_DEMO: 'false' }, from: null });
  try {
    await server.stop({ keepData: true });
    fs.cpSync(path.join(server.dataDir, 'pglite'), path.join(template, 'pglite'), { recursive: true });
  } finally {
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  project.provide('migratedDataDir', template);
  return () => fs.rmSync(template, { recursive: true, force: true });
}
