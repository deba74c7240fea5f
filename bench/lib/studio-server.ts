// Child process for bench/publish-latency.ts: the real app (buildApp, its LISTEN connection included) on the
// PostgreSQL database named by BENCH_DATABASE_URL. Several of these share one database, as app processes behind a
// load balancer would.
import { buildApp } from '../../src/server/app';
import { appLoggerOptions } from '../../src/server/lib/request-logger';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { memoryMailer } from '../../src/server/lib/mailer';
import { reportListening } from './child-server';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('set BENCH_DATABASE_URL');

const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
const database = await openDatabase({ url });
const app = await buildApp({
  config,
  database,
  logger: appLoggerOptions(config.logLevel),
  outbox: { mailer: memoryMailer(), pollMs: 0 },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
reportListening(typeof address === 'object' && address ? address.port : 0, async () => {
  await app.close();
  await database.close();
});
