// Browser tests' global setup: on PGlite, one database the compiled server made and migrated on its first start,
// which every server of the run starts from (a copy each). PGlite makes its cluster on a first start (initdb: 4–5 s
// of a 9 s start here), and every browser-test file starts a server; this first start, from an empty directory as a
// newcomer's `npm start` makes it, is the one they share. Each server still seeds the demo content itself (or not,
// as its test asks). PostgreSQL runs make a fresh database per server, as before.
import fs from 'node:fs';
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
  // Its DATA_DIR is the template: each server copies its pglite/ (the mail the first start wrote stays behind).
  const server = await startServer({ env: { SEED_DEMO: 'false' }, from: null });
  await server.stop({ keepData: true });
  project.provide('migratedDataDir', server.dataDir);
  return () => fs.rmSync(server.dataDir, { recursive: true, force: true });
}
