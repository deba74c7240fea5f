// `npm run bench:header-lines`: what the header lines of a small read cost, the server's and the load generator's.
// The app's kept course list (the compiled app as `npm start` runs it, on PGlite with the demo content) against
// three plain Node servers sending its body (bench/lib/header-lines-server.ts): with bare Fastify's two headers, with
// the app's header lines, and with the app's bytes in three lines. Alternating rounds, 50 connections; the load
// generator (autocannon, in this process) shares the two cores with the server it loads, so its CPU per answer is
// printed beside the server's. Writes docs/performance.md's "Read endpoints: header lines" section.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from './lib/child-server';
import { startCompiledApp } from './lib/compiled-app';
import { measureRounds } from './lib/measure-pair';
import { writeSection } from './lib/performance-doc';

const here = path.dirname(fileURLToPath(import.meta.url));
const connections = 50;
const ROUNDS = 12;
const ROUND_S = 2;
const READ = '/api/course/getCourse';
/** Lines Node writes on every answer itself (and the length, which each server sets for its own body). */
const NODE_OWN = new Set(['date', 'connection', 'keep-alive', 'content-length']);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-header-lines-'));
const loadBefore = os.loadavg()[0];
const started: { stop(): Promise<void> }[] = [];
let table: string[];
try {
  console.log('Starting the compiled app (seeding the demo content)…');
  const app = await startCompiledApp({ dataDir: path.join(work, 'app') });
  started.push(app);
  // The second answer is the kept one (the first is answered by the route, which keeps it); uncompressed, as
  // autocannon asks (fetch would ask for compression).
  const identity = { headers: { 'accept-encoding': 'identity' } };
  await fetch(app.url + READ, identity).then((res) => res.arrayBuffer());
  const kept = await fetch(app.url + READ, identity);
  if (kept.status !== 200 || kept.headers.has('content-encoding')) throw new Error(`${READ} answered otherwise`);
  const headers = Object.fromEntries([...kept.headers].filter(([name]) => !NODE_OWN.has(name)));
  const bodyFile = path.join(work, 'body.json');
  const headersFile = path.join(work, 'headers.json');
  fs.writeFileSync(bodyFile, Buffer.from(await kept.arrayBuffer()));
  fs.writeFileSync(headersFile, JSON.stringify(headers));

  const forms = ['bare', 'one-line', 'lines'] as const;
  const servers = [];
  for (const form of forms) {
    const server = await startChildServer(
      path.join(here, 'lib', 'header-lines-server.ts'),
      { BENCH_BODY: bodyFile, BENCH_HEADERS: headersFile, BENCH_FORM: form },
      { compiled: true },
    );
    started.push(server);
    servers.push(server);
  }
  const measured = await measureRounds([...servers.map((s) => `${s.url}/`), app.url + READ], {
    duration: ROUNDS * ROUND_S,
    connections,
    rounds: ROUNDS,
    pids: [...servers.map((s) => s.pid), app.pid],
  });
  const names = [
    'plain Node, bare Fastify’s headers',
    'plain Node, the same bytes in one line more',
    'plain Node, the app’s header lines',
    'the app’s kept answer',
  ];
  const lineCount = [2, 3, Object.keys(headers).length + 1, Object.keys(headers).length + 1];
  const bare = measured[0];
  table = measured.map(
    (m, i) =>
      `| ${names[i]} | ${lineCount[i] + 3} | ${Math.round(m.rps)} | ${(m.rps / bare.rps).toFixed(2)} | ${m.p99} | ${m.cpuUs?.toFixed(1)} | ${m.loadCpuUs.toFixed(1)} | ${m.errors} |`,
  );
} finally {
  for (const server of started.reverse()) await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}

const head = [
  '| server | header lines | req/s | ÷ first row | p99 ms | server CPU µs/req | load generator CPU µs/req | errors |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
];
console.log([...head, ...table].join('\n'));
writeSection(
  'Read endpoints: header lines',
  [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench:header-lines\``,
    `(bench/header-lines.ts) on ${os.cpus().length} cores, Node ${process.version}; 1-minute load average`,
    `${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after. The demo course list (\`GET ${READ}\`) as`,
    'the compiled app keeps it, and three plain Node servers sending the same body: with the two headers bare Fastify',
    "sends, with the app's header lines (its security headers, type, cache policy, ETag, vary), and with the same bytes",
    'as one line more. Node adds its date, connection and keep-alive lines to each. 50 connections,',
    `${ROUNDS} alternating rounds of ${ROUND_S} s. CPU µs/req: each process's CPU time (user and system) over the`,
    'requests answered in its rounds; the load generator is autocannon in the bench process, on the same two cores.',
    '',
    ...head,
    ...table,
  ].join('\n'),
);
