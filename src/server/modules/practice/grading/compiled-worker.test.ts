// The compiled server (one esbuild bundle) grades with the worker entry compiled beside main.js, without tsx: in a
// worker thread for JavaScript, in a walled child process for Python.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { gradingWorkerOf, PATHS } from '../../../paths';
import { createGrader } from '.';

// Inside the project, so the bundle's packages resolve from its node_modules as they do in a real build.
const build = fs.mkdtempSync(path.join(PATHS.root, 'node_modules', '.cache', 'grading-build-'));
afterAll(() => fs.rmSync(build, { recursive: true, force: true }));

it('grades through the grading worker compiled beside main.js, as a thread and as a child process', async () => {
  execFileSync(
    process.execPath,
    [path.join(PATHS.root, 'scripts', 'build-server.mjs'), '--out', path.join(build, 'server')],
    {
      stdio: 'pipe',
    },
  );
  const workerFile = gradingWorkerOf(build, PATHS.root);
  expect(fs.existsSync(workerFile)).toBe(true);
  const grader = createGrader({ javascriptWorkers: 1, pythonWorkers: 1, workerFile });
  try {
    const result = await grader.grade({
      language: 'typescript',
      code: 'const add = (a: number, b: number): number => a + b;',
      tests: [{ name: 'adds', code: 'assert.strictEqual(add(2, 3), 5)', hidden: false }],
      timeLimitMs: 2000,
    });
    expect(result.verdict).toBe('passed');
    const python = await grader.grade({
      language: 'python',
      code: 'def add(a, b):\n    return a + b',
      tests: [{ name: 'adds', code: 'assert add(2, 3) == 5', hidden: false }],
      timeLimitMs: 2000,
    });
    expect(python.verdict).toBe('passed');
  } finally {
    await grader.close();
  }
}, 240_000);
