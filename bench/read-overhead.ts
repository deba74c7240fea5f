// `node --import tsx bench/read-overhead.ts`: where a read endpoint's time goes. Each per-request layer the app
// adds (request logging at info, helmet headers, the compress hook) alone on a bare route, against the bare
// route, in alternating rounds; the body is a course list of the demo content's size. Prints the table and
// writes docs/performance.md's "Read endpoints: where the time goes" section.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as demoContent from '../src/server/db/seed/content';
import { startChildServer } from './lib/child-server';
import { measureRounds } from './lib/measure-pair';
import { writeSection } from './lib/performance-doc';

const here = path.dirname(fileURLToPath(import.meta.url));
const connections = 50;
const ROUNDS = 6;
const ROUND_S = 2;
// BENCH_VARIANTS (';' between variants, ',' between a variant's layers) measures other combinations.
const variants = process.env.BENCH_VARIANTS?.split(';') ?? [
  'log',
  'one-line-log',
  'helmet',
  'static-headers',
  'compress',
  'log,helmet,compress',
  'one-line-log,static-headers,compress',
  'app-headers',
  'app-logger',
  'app-log',
  'app-log,buffered',
  'app-headers,app-log',
];

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-overhead-'));
const bodyFile = path.join(work, 'body.json');
const body = demoContent.courses.map((c, i) => ({
  _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: c.title,
  description: c.description,
  cover: c.cover,
}));
fs.writeFileSync(bodyFile, JSON.stringify(body));
const script = path.join(here, 'lib', 'layered-server.ts');

const loadBefore = os.loadavg()[0];
const rows: string[] = [];
const bare = await startChildServer(script, { BENCH_BODY: bodyFile, BENCH_LAYERS: '' });
try {
  for (const layers of variants) {
    const layered = await startChildServer(script, { BENCH_BODY: bodyFile, BENCH_LAYERS: layers });
    try {
      const [top, base] = await measureRounds([`${layered.url}/body`, `${bare.url}/body`], {
        duration: ROUNDS * ROUND_S,
        connections,
        rounds: ROUNDS,
        pids: [layered.pid, bare.pid],
      });
      const cpu = [top.cpuUs ?? Number.NaN, base.cpuUs ?? Number.NaN];
      const row = `| ${layers.replaceAll(',', ' + ')} | ${Math.round(top.rps)} | ${Math.round(base.rps)} | ${(top.rps / base.rps).toFixed(2)} | ${cpu[0].toFixed(1)} | ${cpu[1].toFixed(1)} | ${(cpu[0] - cpu[1]).toFixed(1)} |`;
      console.log(row);
      rows.push(row);
    } finally {
      await layered.stop();
    }
  }
} finally {
  await bare.stop();
  fs.rmSync(work, { recursive: true, force: true });
}

const section = [
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`node --import tsx bench/read-overhead.ts\` on`,
  `${os.cpus().length} cores (1-minute load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after), ${connections} connections,`,
  `${ROUNDS} alternating rounds of ${ROUND_S} s. Each layer the app adds to every request, alone on a bare Fastify`,
  'route (helmet with its defaults, compress with no Accept-Encoding sent,',
  'request logging at info to /dev/null), against the bare route; the body is the demo course list.',
  "log: Fastify's request logging (a line when a request arrives, one when it is answered); one-line-log: one",
  'line per request written in an onResponse hook instead. static-headers: the same headers helmet sets, computed',
  "once and set in one onRequest hook. app-headers, app-log: the app's own security headers plugin and its request log",
  "line (redacted, lazy request logger), as the read bench's floor has them; app-logger: the app's logger without the",
  'line; async, buffered: the line written through an asynchronous or a 4 KB-buffered destination.',
  '',
  "CPU µs/req: each server process's CPU time (user and system) over the requests it answered in its rounds.",
  '',
  '| layers | req/s | bare req/s | ratio | CPU µs/req | bare CPU µs/req | added µs |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...rows,
].join('\n');
writeSection('Read endpoints: where the time goes', section);
