// Starts the server: reads the configuration, locks and opens the database, migrates, seeds, listens, and
// shuts down cleanly on SIGINT/SIGTERM.
import path from 'node:path';
import { buildApp } from './app';
import { appLoggerOptions } from './lib/request-logger';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import * as demoContent from './db/seed/content';
import { durationOfLink } from './modules/media';
import { holdOwnBuild, PATHS } from './paths';
import { seedDemoContent } from './db/seed/seed';

/** How long a graceful shutdown may take before the process exits anyway: 10 s. */
const SHUTDOWN_MS = 10_000;

/** A start-up failure the operator can fix (a busy port, an unreachable database): printed as a message, no stack. */
class StartupError extends Error {}

/** The driver's own reason, in one line: Drizzle wraps it ("Failed query: …", the real error as `cause`), and a
 *  connection refused on every address of a host is an AggregateError. */
function reason(err: unknown): string {
  const e = err as { message?: string; code?: string; errors?: unknown[]; cause?: unknown };
  if (e?.cause) return reason(e.cause);
  if (e?.errors?.length) return reason(e.errors[0]);
  return e?.message || e?.code || String(err);
}

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function main(): Promise<void> {
  // React's server renderer (loaded with the built web app below) runs its production build unless told
  // otherwise: no development stacks in pages, and several times faster.
  process.env.NODE_ENV ??= 'production';
  const config = { ...loadConfig(), webDir: PATHS.webDir };
  const lock = config.databaseUrl ? null : lockDataDir(config.dataDir);
  holdOwnBuild();
  // Registered at once, so a failure further down does not leave our lock behind.
  process.on('exit', () => lock?.release());
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') },
  ).catch((err: unknown) => {
    if (!config.databaseUrl) throw err;
    throw new StartupError(
      `Cannot open the database at DATABASE_URL (${withoutPassword(config.databaseUrl)}): ${reason(err)}`,
    );
  });
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { lazyConnect: false })
    : undefined;
  const app = await buildApp({
    config,
    database,
    redis,
    logger: appLoggerOptions(config.logLevel),
  });

  if (config.seedDemo) {
    const seeded = await seedDemoContent(database.db, demoContent, {
      durationOf: (link) => durationOfLink(link, { publicDir: PATHS.publicDir }),
    });
    if (seeded.courses) app.log.info(seeded, 'seeded the demo content');
  }

  // Graceful shutdown within SHUTDOWN_MS: stop accepting connections, answer 503 on open ones, finish the requests
  // in flight, the account work deferred past its answer and the outbox batch being sent, close the database.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const deadline = setTimeout(() => {
      app.log.error(`shutdown took over ${SHUTDOWN_MS / 1000} s: exiting with work unfinished`);
      lock?.release();
      process.exit(1);
    }, SHUTDOWN_MS);
    deadline.unref();
    await app.close();
    redis?.disconnect();
    await database.close();
    lock?.release();
    clearTimeout(deadline);
    app.log.info('shut down cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw err;
    await app.close();
    await database.close();
    throw new StartupError(
      code === 'EADDRINUSE'
        ? `PORT ${config.port} is already in use on ${config.host}: stop what listens there or set PORT to another port.`
        : `PORT ${config.port} needs privileges on ${config.host}: set PORT to a port above 1023.`,
    );
  }
  app.log.info(
    `site on ${config.publicUrl} (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof StartupError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
