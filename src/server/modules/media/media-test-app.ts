// The whole app (as createTestApp builds it) on a fresh temporary DATA_DIR, with the media routes' guard and
// storage chosen by the test (by default everyone may upload, so tests need no token).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import { testConfig } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import type { MediaStorage } from './media-storage';

export const letEveryoneIn: preHandlerAsyncHookHandler = async () => {};

export interface MediaTestApp {
  app: FastifyInstance;
  dataDir: string;
  mediaDir: string;
  tmpDir: string;
  close(): Promise<void>;
}

export async function createMediaTestApp(
  options: { guard?: preHandlerAsyncHookHandler; storage?: MediaStorage; config?: Partial<Config> } = {},
): Promise<MediaTestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devcourses-media-'));
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig({ ...options.config, dataDir }),
    database,
    media: { guard: options.guard ?? letEveryoneIn, storage: options.storage },
  });
  await app.ready();
  const mediaDir = path.join(dataDir, 'media');
  return {
    app,
    dataDir,
    mediaDir,
    tmpDir: path.join(mediaDir, 'tmp'),
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The files in a directory (none when it does not exist). */
export const filesIn = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];
