import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
const testFiles = ['src', 'scripts']
  .flatMap((dir) =>
    fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`),
  )
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => file.split(path.sep).join('/'));
// Most test files share their worker's loaded modules (no re-import of the app for every file: about a third of the
// unit run's time). A file that replaces modules (vi.mock) needs a module registry of its own, and the web app's
// files each get their own DOM and React: those run isolated.
const needsIsolation = (file: string) =>
  file.startsWith('src/web/') || /\bvi\.(?:do)?[mM]ock\(/.test(fs.readFileSync(path.join(root, file), 'utf8'));

export default defineConfig({
  test: {
    globalSetup: ['src/server/test/global-setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One file per core: the API tests wait on their database much of the time (vitest's default leaves a core idle).
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: testFiles.filter((file) => !needsIsolation(file)), isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: testFiles.filter(needsIsolation) } },
    ],
  },
});
