// Browser tests: one file at a time (each starts a server and a browser on 2 shared cores), no unit-test setup.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
    pool: 'forks',
  },
});
