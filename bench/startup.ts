// `npm run bench:startup`: start-up time and resident memory of the server run as compiled JavaScript
// (`node dist/server/main.js`, what `npm start` runs) against TypeScript compiled at run time by tsx
// (`node --import tsx src/server/main.ts`, what `npm start` ran before), on the embedded database. Each mode
// starts BENCH_RUNS times (default 5) on one already-seeded data directory, from spawn to the first 200 of
// /api/health; memory is the process's VmRSS when ready and after 500 catalogue reads; stop is SIGTERM to exit.
// One first start on an empty directory per mode shows the cost of creating and seeding the database.
// Writes docs/performance.md's "Start-up and memory" section.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measuredOn, writeSection } from './lib/performance-doc';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 5);
const modes = {
  tsx: ['--import', 'tsx', 'src/server/main.ts'],
  compiled: ['--enable-source-maps', 'dist/server/main.js'],
} as const;
type Mode = keyof typeof modes;

interface Sample {
  readyMs: number;
  rssReadyMb: number;
  rssWarmMb: number;
  stopMs: number;
}

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startOnce(mode: Mode, dataDir: string, timeoutMs = 180_000): Promise<Sample> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, modes[mode], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  let readyMs = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${mode}: the server exited (${child.exitCode})`);
    if (performance.now() - started > timeoutMs) throw new Error(`${mode}: not ready in ${timeoutMs} ms`);
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) {
      readyMs = performance.now() - started;
      break;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const pid = child.pid ?? 0;
  const rssReadyMb = rssMb(pid);
  const courses = (await (await fetch(`${base}/api/course/getCourse`)).json()) as { _id: string }[];
  for (let i = 0; i < 500; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, j) =>
        fetch(
          j % 2
            ? `${base}/api/blog/getBlog`
            : `${base}/api/lession/getLessionList/${courses[(i + j) % courses.length]._id}`,
        ).then((r) => r.arrayBuffer()),
      ),
    );
  }
  const rssWarmMb = rssMb(pid);
  const stopping = performance.now();
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`${mode}: exit code ${code} after SIGTERM`);
  return { readyMs, rssReadyMb, rssWarmMb, stopMs: performance.now() - stopping };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  const loadBefore = os.loadavg()[0];
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-changed'], { cwd: root, stdio: 'inherit' });
  const first: Record<Mode, number> = { tsx: 0, compiled: 0 };
  const samples: Record<Mode, Sample[]> = { tsx: [], compiled: [] };
  const dirs: string[] = [];
  try {
    for (const mode of Object.keys(modes) as Mode[]) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `devc-startup-${mode}-`));
      dirs.push(dataDir);
      first[mode] = (await startOnce(mode, dataDir)).readyMs;
      console.log(`${mode}: first start (create, migrate, seed) ${first[mode].toFixed(0)} ms`);
    }
    // Alternate the modes, so a change in the machine's load hits both alike.
    for (let i = 0; i < runs; i++) {
      for (const [m, mode] of (Object.keys(modes) as Mode[]).entries()) {
        const sample = await startOnce(mode, dirs[m]);
        samples[mode].push(sample);
        console.log(
          `${mode} #${i + 1}: ready ${sample.readyMs.toFixed(0)} ms, RSS ${sample.rssReadyMb.toFixed(0)} MB ready, ` +
            `${sample.rssWarmMb.toFixed(0)} MB after 500 reads, stop ${sample.stopMs.toFixed(0)} ms`,
        );
      }
    }
  } finally {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }

  const row = (mode: Mode, label: string) => {
    const s = samples[mode];
    return `| ${label} | ${first[mode].toFixed(0)} | ${median(s.map((x) => x.readyMs)).toFixed(0)} | ${median(s.map((x) => x.rssReadyMb)).toFixed(0)} | ${median(s.map((x) => x.rssWarmMb)).toFixed(0)} | ${median(s.map((x) => x.stopMs)).toFixed(0)} |`;
  };
  const ratio = median(samples.compiled.map((x) => x.readyMs)) / median(samples.tsx.map((x) => x.readyMs));
  const body = [
    ...measuredOn('`npm run bench:startup`', loadBefore),
    '',
    `Medians of ${runs} starts per mode on one seeded PGlite directory (spawn → first 200 of \`/api/health\`); memory is`,
    'the VmRSS of the server process; stop is SIGTERM → exit (graceful shutdown).',
    '',
    '| server run as | first start, empty dir (ms) | start (ms) | RSS ready (MB) | RSS after 500 reads (MB) | stop (ms) |',
    '|---|---|---|---|---|---|',
    row('tsx', 'TypeScript via tsx, `npm start` before'),
    row('compiled', 'compiled JavaScript, `npm start` now'),
    '',
    `Compiled start-up takes ${(ratio * 100).toFixed(0)}% of the tsx time.`,
  ].join('\n');
  console.log(`\n${body}\n`);
  writeSection('Start-up and memory', body);
}

await main();
