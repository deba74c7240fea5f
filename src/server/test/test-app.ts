// Builds the app on a fresh test database. Tests call `inject`; no port is opened.
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import { type Config, loadConfig } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' }), seedDemo: false, ...overrides };
}

export type TestAppOptions = { config?: Partial<Config> } & Partial<Omit<AppOptions, 'config' | 'database'>>;

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(options.config);
  const app = await buildApp({ ...options, config, database });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
