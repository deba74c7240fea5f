// Starts the server: reads the configuration, locks and opens the database, migrates, seeds, listens, and
// shuts down cleanly on SIGINT/SIGTERM.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import * as demoContent from './db/seed/content';
import { seedDemoContent } from './db/seed/seed';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

async function main(): Promise<void> {
  const config = { ...loadConfig(), webDir: path.join(repoRoot, 'dist', 'web') };
  const lock = config.databaseUrl ? null : lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') },
  );
  const redis = config.redisUrl ? new (await import('ioredis')).Redis(config.redisUrl, { lazyConnect: false }) : undefined;
  const app = await buildApp({
    config,
    database,
    redis,
    logger: { level: config.logLevel, redact: ['req.headers["auth-token"]', 'req.headers.authorization'] },
  });

  if (config.seedDemo) {
    const seeded = await seedDemoContent(database.db, demoContent);
    if (seeded.courses) app.log.info(seeded, 'seeded the demo content');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    redis?.disconnect();
    await database.close();
    lock?.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('exit', () => lock?.release());

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`site on ${config.publicUrl} (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
