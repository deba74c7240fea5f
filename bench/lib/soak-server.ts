// Child process for bench/soak.ts: the real app (buildApp) on BENCH_DATABASE_URL or BENCH_PGLITE_DIR with the demo
// content and BENCH_USERS verified users, each with a live session; their tokens are written to BENCH_TOKENS_FILE
// (JSON) before the app listens. Logging as `npm start` does (LOG_LEVEL, default info).
import fs from 'node:fs';
import { TOKEN_TTL_MS } from '../../src/shared/constants';
import { buildApp } from '../../src/server/app';
import { appLoggerOptions } from '../../src/server/lib/request-logger';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { sessions, users } from '../../src/server/db/schema';
import * as demoContent from '../../src/server/db/seed/content';
import { seedDemoContent } from '../../src/server/db/seed/seed';
import { hashToken, newToken } from '../../src/server/lib/tokens';
import { listenAndReport } from './child-server';

const url = process.env.BENCH_DATABASE_URL;
const dir = process.env.BENCH_PGLITE_DIR;
const tokensFile = process.env.BENCH_TOKENS_FILE;
if ((!url && !dir) || !tokensFile) throw new Error('set BENCH_TOKENS_FILE and BENCH_DATABASE_URL or BENCH_PGLITE_DIR');
const count = Number(process.env.BENCH_USERS ?? 1000);

const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' });
const database = await openDatabase(url ? { url } : { dataDir: dir as string });
await seedDemoContent(database.db, demoContent);
const created = await database.db
  .insert(users)
  .values(
    Array.from({ length: count }, (_, i) => ({
      name: `Soak User ${i}`,
      email: `soak-${i}@example.test`,
      passwordHash: 'not-a-real-hash',
      verifiedAt: new Date(),
    })),
  )
  .returning({ id: users.id });
const tokens = created.map(() => newToken());
await database.db.insert(sessions).values(
  created.map((user, i) => ({
    userId: user.id,
    tokenHash: hashToken(tokens[i]),
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS.session),
  })),
);
fs.writeFileSync(tokensFile, JSON.stringify(tokens));

const app = await buildApp({
  config,
  database,
  logger: appLoggerOptions(config.logLevel),
});
await listenAndReport(app, database);
