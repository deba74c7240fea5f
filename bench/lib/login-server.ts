// Child process for bench/login.ts: the real app (buildApp) on the database named by BENCH_DATABASE_URL or
// BENCH_PGLITE_DIR, with BENCH_USERS verified users whose password is BENCH_PASSWORD, rate limits out of the way
// (the bench is one IP), and the outbox worker idle (a login sends no mail; bench/enumeration.ts's sign-ups and
// resets leave their mail in the table). bench/enumeration.ts uses it too.
import { buildApp } from '../../src/server/app';
import { appLoggerOptions } from '../../src/server/lib/request-logger';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { memoryMailer } from '../../src/server/lib/mailer';
import { hashPassword } from '../../src/server/modules/auth/auth.service';
import { listenAndReport } from './child-server';

const url = process.env.BENCH_DATABASE_URL;
const dir = process.env.BENCH_PGLITE_DIR;
if (!url && !dir) throw new Error('set BENCH_DATABASE_URL or BENCH_PGLITE_DIR');
const count = Number(process.env.BENCH_USERS ?? 20);
const password = process.env.BENCH_PASSWORD ?? 'bench-password';

const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' });
const database = await openDatabase(url ? { url } : { dataDir: dir as string });
const passwordHash = await hashPassword(password);
await database.db
  .insert(users)
  .values(
    Array.from({ length: count }, (_, i) => ({
      name: `Bench User ${i}`,
      email: `bench-${i}@example.test`,
      passwordHash,
      verifiedAt: new Date(),
    })),
  )
  .onConflictDoNothing();

const none = { max: 1e9, windowMs: 60_000 };
const unlimited = { perIp: none, perAccount: none, perAccountAndIp: none };
const app = await buildApp({
  config,
  database,
  logger: appLoggerOptions(config.logLevel),
  authLimits: {
    login: unlimited,
    signup: { perIp: none, perEmail: none },
    forgot: { perIp: none, perEmail: none },
  },
  outbox: { mailer: memoryMailer(), pollMs: 0 },
});
await listenAndReport(app, database);
