// Browser tests: one file at a time (each starts a server and a browser on 2 shared cores), no unit-test setup; the
// servers of a PGlite run start from the database the first one migrated (global-setup.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
    pool: 'forks',
  },
});
