// `node --import tsx bench/notifications.ts`: notifications at scale. A bug watched by 10,000 people, 1,000 of whom
// have a notification stream open: the time the poster of a solution waits for the answer (the notifications are
// queued as one row in that transaction and written by one statement after it), the delivery time of the one event to
// each open stream (p50, p99: it includes writing the 10,000 notifications), the server's memory per open stream, and the unread-count read's throughput with the 1,000 streams open
// against without. The server runs in a child process (its memory is its own). Writes docs/performance.md's
// "Notifications" section.
//   BENCH_DATABASE_URL (else a fresh embedded database), BENCH_WATCHERS (10000), BENCH_STREAMS (1000),
//   BENCH_DURATION (s per read measurement, default 5), BENCH_CONNECTIONS (default 20)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startChildServer } from './lib/child-server';
import { measuredOn, writeSection } from './lib/performance-doc';

const here = path.dirname(fileURLToPath(import.meta.url));
const watchers = Number(process.env.BENCH_WATCHERS ?? 10_000);
const streamCount = Number(process.env.BENCH_STREAMS ?? 1_000);
const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const TARGET = { deliveryP99Ms: 2_000 };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

interface Fixture {
  bugId: string;
  asker: string;
  solver: string;
  streams: string[];
}

async function readRate(url: string, token: string): Promise<{ rps: number; p99: number }> {
  const headers = { 'auth-token': token };
  await autocannon({ url, connections, duration: 1, headers });
  const r = await autocannon({ url, connections, duration, headers });
  return { rps: r.requests.average, p99: r.latency.p99 };
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-bench-notify-'));
  const fixtureFile = path.join(work, 'fixture.json');
  const server = await startChildServer(
    path.join(here, 'lib', 'notifications-server.ts'),
    {
      ...(process.env.BENCH_DATABASE_URL
        ? { BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL }
        : { BENCH_PGLITE_DIR: path.join(work, 'pglite') }),
      BENCH_FIXTURE_FILE: fixtureFile,
      BENCH_WATCHERS: String(watchers),
      BENCH_STREAMS: String(streamCount),
    },
    { timeoutMs: 600_000 },
  );
  const aborts: AbortController[] = [];
  try {
    const fixture = JSON.parse(fs.readFileSync(fixtureFile, 'utf8')) as Fixture;
    const unreadUrl = `${server.url}/api/notifications/unread`;
    const without = await readRate(unreadUrl, fixture.asker);

    // Open the streams; each records when its first notification event arrives.
    const liveBefore = await server.liveMemory();
    const rssBefore = rssMb(server.pid);
    const arrived: number[] = [];
    const opened: Promise<void>[] = [];
    for (const token of fixture.streams) {
      const abort = new AbortController();
      aborts.push(abort);
      opened.push(
        (async () => {
          const res = await fetch(`${server.url}/api/notifications/stream`, {
            headers: { 'auth-token': token },
            signal: abort.signal,
          });
          if (res.status !== 200 || !res.body) throw new Error(`stream: ${res.status}`);
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          await reader.read();
          void (async () => {
            let text = '';
            try {
              for (;;) {
                const { value, done } = await reader.read();
                if (done) return;
                text += value;
                if (text.includes('event: notification')) {
                  arrived.push(performance.now());
                  return;
                }
              }
            } catch {
              // Aborted at the end.
            }
          })();
        })(),
      );
    }
    await Promise.all(opened);
    await new Promise((r) => setTimeout(r, 1_000));
    const liveGrowth = (await server.liveMemory()) - liveBefore;
    const rssPerStreamKb = ((rssMb(server.pid) - rssBefore) * 1024) / streamCount;
    const withStreams = await readRate(unreadUrl, fixture.asker);

    // One solution on the bug: 10,000 notifications, 1,000 of them to open streams.
    const started = performance.now();
    const res = await fetch(`${server.url}/api/bug/addcomment`, {
      method: 'POST',
      headers: { 'auth-token': fixture.solver, 'content-type': 'application/json' },
      body: JSON.stringify({ bug: fixture.bugId, content: '<p>The fix</p>' }),
    });
    const answerMs = performance.now() - started;
    if (res.status !== 200) throw new Error(`addcomment: ${res.status} ${await res.text()}`);
    const deadline = Date.now() + 10_000;
    while (arrived.length < streamCount && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const delivery = arrived.map((t) => t - started);
    const p50 = percentile(delivery, 50);
    const p99 = percentile(delivery, 99);
    const ok = arrived.length === streamCount && p99 <= TARGET.deliveryP99Ms;

    const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'the embedded database (PGlite)';
    const lines = [
      ...measuredOn('`node --import tsx bench/notifications.ts`', loadBefore),
      '',
      `On ${database}: a bug watched by ${watchers.toLocaleString('en')} people, ${streamCount.toLocaleString('en')} of them`,
      'with a notification stream open (one HTTP/1.1 connection each), the server in a child process.',
      '',
      '| figure | value |',
      '|---|---|',
      `| the poster's answer (the solution and its queued event) | ${answerMs.toFixed(0)} ms |`,
      `| streams that got the event | ${arrived.length} of ${streamCount} |`,
      `| delivery from the post (${watchers.toLocaleString('en')} notifications written first), p50 / p99 | ${p50.toFixed(0)} / ${p99.toFixed(0)} ms (target p99 ≤ ${TARGET.deliveryP99Ms} ms) |`,
      `| server memory per open stream: its live JavaScript objects after a full collection | ${(liveGrowth / 1024 / streamCount).toFixed(1)} KB |`,
      `| the same from the process's RSS (noisy: garbage and freed pages) | ${rssPerStreamKb.toFixed(1)} KB |`,
      `| GET /api/notifications/unread without streams | ${without.rps.toFixed(0)} req/s, p99 ${without.p99} ms |`,
      `| the same with ${streamCount} streams open | ${withStreams.rps.toFixed(0)} req/s, p99 ${withStreams.p99} ms (ratio ${(withStreams.rps / without.rps).toFixed(2)}) |`,
      '',
      ok ? 'Every stream got the event within the target.' : 'NOT MET: see the figures above.',
    ];
    console.log(lines.join('\n'));
    writeSection('Notifications', lines.join('\n'));
    if (!ok) process.exitCode = 1;
  } finally {
    for (const abort of aborts) abort.abort();
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
