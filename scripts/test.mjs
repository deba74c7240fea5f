// `npm test`: the static checks (typecheck, lint, format), then the unit and API tests, then the browser tests
// (when Chromium is present), and one summary line.
// DATABASE_URL set: both runs use throwaway databases on that PostgreSQL server; unset: PGlite.
// E2E=1: a missing Chromium is an error instead of a skip.
// TEST_PARTS=static,unit,browser (the default: all three) runs only the parts named; `unit-db` instead of `unit` runs
// only the unit and API test files that reach the database (its client, or a test database), since the others answer
// the same on any. CI runs the static checks, the browser tests and the database-free tests once, and the tests that
// use the database on each database (docs/decisions/0054).
// E2E_SHARD=k/n runs the k-th of n shares of the browser test files (vitest's --shard).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const requireE2e = ['1', 'true', 'yes'].includes(process.env.E2E ?? '');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each failed test as '✗ file › name' and the first line of its error: repeated at the end, where a log's tail shows it. */
const failures = [];
const PARTS = ['static', 'unit', 'unit-db', 'browser'];
const parts = (process.env.TEST_PARTS ?? 'static,unit,browser')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const unknown = parts.filter((part) => !PARTS.includes(part));
if (unknown.length > 0 || parts.length === 0 || (parts.includes('unit') && parts.includes('unit-db'))) {
  console.error(
    `TEST_PARTS names ${unknown.join(', ') || parts.join(', ') || 'nothing'}: it takes any of ${PARTS.join(', ')}` +
      ' (unit or unit-db, not both).',
  );
  process.exit(2);
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

/** Runs vitest with a JSON report beside the usual output and adds its counts to the totals. */
function vitestRun(name, extraArgs) {
  const report = path.join(reports, `${name}.json`);
  const code = run(process.execPath, [
    vitest,
    'run',
    ...extraArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  let counts = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, numFailedTestSuites: 0 };
  if (fs.existsSync(report)) counts = { ...counts, ...JSON.parse(fs.readFileSync(report, 'utf8')) };
  for (const file of counts.testResults ?? []) {
    const where = path.relative(root, file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const why = (test.failureMessages?.[0] ?? '').split('\n').find((line) => line.trim()) ?? '';
      failures.push(`✗ ${where} › ${test.fullName}\n    ${why.trim().slice(0, 300)}`);
    }
    if (file.status === 'failed' && (file.assertionResults ?? []).every((test) => test.status !== 'failed')) {
      failures.push(`✗ ${where} (the file failed outside its tests)\n    ${(file.message ?? '').trim().slice(0, 300)}`);
    }
  }
  let failed = counts.numFailedTests;
  // A file that does not load or a failing beforeAll fails the run without failing a single test: count it.
  if (code !== 0 && failed === 0) {
    failed = Math.max(1, counts.numFailedTestSuites);
    console.error(`\n${name}: vitest exited with code ${code} (${failed} failed file(s) or setup counted as failed)`);
  }
  totals.passed += counts.numPassedTests;
  totals.failed += failed;
  totals.skipped += counts.numPendingTests + counts.numTodoTests;
  return code;
}

function summary() {
  fs.rmSync(reports, { recursive: true, force: true });
  const line = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
  if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);
  console.log(`\n${line}`);
  process.exit(totals.failed > 0 ? 1 : 0);
}

/** Runs the static checks side by side (two cores: ESLint's type-aware pass is the long one, the others share the
 *  second core) and
 *  prints each one's output and time; any failure stops `npm test` before the suites. */
async function staticChecks() {
  // `lint` is two checks (ESLint, import cycles): run as two, so the short one shares the second core.
  const checks = ['typecheck', 'lint:code', 'lint:cycles', 'format:check'];
  console.log(`\n=== Static checks (${checks.join(', ')}) ===`);
  const t0 = Date.now();
  const results = await Promise.all(
    checks.map(
      (script) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn('npm', ['run', '--silent', script], { cwd: root, env: process.env });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => resolve({ script, code: code ?? 1, output, ms: Date.now() - started }));
        }),
    ),
  );
  for (const { script, code, output, ms } of results) {
    const shown = output
      .split('\n')
      .filter((line) => !line.startsWith('npm warn'))
      .join('\n')
      .trim();
    console.log(`${code === 0 ? 'ok' : 'FAILED'}  npm run ${script} (${(ms / 1000).toFixed(1)} s)`);
    if (code !== 0 && shown) console.log(shown);
  }
  console.log(`Static checks: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length > 0) {
    totals.failed += failed.length;
    for (const { script } of failed) failures.push(`✗ npm run ${script}`);
    console.error(`\n${failed.map((r) => r.script).join(', ')} failed: fix them before the test suites run.`);
    summary();
  }
}

if (parts.includes('static')) await staticChecks();

/** The test files whose imports reach the database: its client or a test database (dependency-cruiser's --reaches,
 *  on the graph `npm run lint:cycles` checks). */
function databaseTestFiles() {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs'),
      '--config',
      '.dependency-cruiser.cjs',
      '--reaches',
      '^src/server/(db/client|test/test-database|test/throwaway-database)\\.ts$',
      '--output-type',
      'json',
      'src',
      'scripts',
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`dependency-cruiser failed: ${result.stderr}`);
  const files = JSON.parse(result.stdout)
    .modules.map((module) => module.source)
    .filter((source) => /\.test\.tsx?$/.test(source));
  if (files.length === 0) throw new Error('dependency-cruiser found no test file that uses the database');
  return files;
}

if (parts.includes('unit') || parts.includes('unit-db')) {
  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  if (parts.includes('unit')) {
    console.log(`\n=== Unit and API tests (${db}) ===`);
    vitestRun('unit', []);
  } else {
    const files = databaseTestFiles();
    console.log(`\n=== Unit and API tests that use the database (${db}): ${files.length} files ===`);
    vitestRun('unit', files);
  }
}

if (!parts.includes('browser')) summary();

if (!fs.existsSync(chromium)) {
  if (requireE2e) {
    console.error(
      `\nBrowser tests FAILED to run: Chromium not found at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH).`,
    );
    totals.failed += 1;
  } else {
    console.log(
      `\nBrowser tests SKIPPED: Chromium not found at ${chromium} (apt-get install chromium). Set E2E=1 to make this an error.`,
    );
  }
  summary();
}

console.log('\n=== Building the web app for the browser tests ===');
if (run('npm', ['run', 'build']) !== 0) {
  console.error('\nThe web app did not build, so the browser tests could not run.');
  totals.failed += 1;
  summary();
}

console.log(`\n=== Browser tests (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}) ===`);
const shard = process.env.E2E_SHARD ? [`--shard=${process.env.E2E_SHARD}`] : [];
vitestRun('e2e', ['--config', 'e2e/vitest.config.ts', ...shard]);
summary();
