// URLs measured in alternating rounds under the same load (bench/read-endpoints.ts: the app against a bare server
// and the floor; bench/ssr.ts: a rendered page against its JSON read).
import fs from 'node:fs';
import autocannon, { type RawResult } from 'autocannon';

export interface Measured {
  rps: number;
  p99: number;
  errors: number;
  /** Microseconds of the serving process's CPU (user and system) per request answered, when its pid was given: what
   *  the server itself spends, which load from elsewhere on the machine sways far less than req/s. */
  cpuUs?: number;
  /** Microseconds of the load generator's CPU (this process: autocannon parsing every answer) per request answered.
   *  It shares the cores with the servers, so what it spends on an answer is taken from the server's time. */
  loadCpuUs: number;
}

interface RoundOptions {
  duration: number;
  connections: number;
  rounds: number;
  headers?: Record<string, string>;
  /** The process serving each URL (for `cpuUs`). */
  pids?: number[];
}

/** A process's CPU time so far in clock ticks (user + system, /proc/<pid>/stat; 100 a second on Linux). */
function cpuTicks(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
const TICK_US = 10_000;

/** autocannon 8 keeps each response's body by appending its chunks to a string, which decodes them as UTF-8: cheap for
 *  text, many times dearer for a compressed (binary) body (a plain Node server sending 6 KB of random bytes measured
 *  12,600 req/s against 50,500 for 6 KB of one letter), and paid on the cores the servers share. Nothing here reads a
 *  body, so the clients keep none; the bytes are still received and counted. */
function keepNoBodies(client: unknown): void {
  const queue = (client as { pipelinedRequests?: { addBody?: (data: Buffer) => void } }).pipelinedRequests;
  if (queue) queue.addBody = () => {};
}

/**
 * Measures each URL in alternating rounds (a, b, c, then c, b, a, …) of duration/rounds seconds each, so a burst of
 * load from elsewhere on the machine hits them alike. Req/s is all completed requests over all rounds' time; p99 is
 * over every request of every round.
 */
export async function measureRounds(
  urls: string[],
  { duration, connections, rounds, headers = {}, pids }: RoundOptions,
): Promise<Measured[]> {
  // Warm-up: fills the read cache, JIT-compiles the hot paths, lets the sockets settle.
  for (const url of urls) await autocannon({ url, connections, duration: 2, headers, setupClient: keepNoBodies });
  const runs = urls.map(() => [] as RawResult[]);
  const ticks = urls.map(() => 0);
  const loadUs = urls.map(() => 0);
  const round = duration / rounds;
  const order = urls.map((_, i) => i);
  for (let i = 0; i < rounds; i++) {
    for (const which of i % 2 === 0 ? order : [...order].reverse()) {
      const pid = pids?.[which];
      const before = pid ? cpuTicks(pid) : 0;
      const load = process.cpuUsage();
      runs[which].push(
        await autocannon({
          url: urls[which],
          connections,
          duration: round,
          headers,
          skipAggregateResult: true,
          setupClient: keepNoBodies,
        }),
      );
      const { user, system } = process.cpuUsage(load);
      loadUs[which] += user + system;
      if (pid) ticks[which] += cpuTicks(pid) - before;
    }
  }
  return runs.map((raw, i) => {
    const merged = autocannon.aggregateResult(raw, { url: urls[i], connections });
    const requests = raw.reduce((n, r) => n + r.totalCompletedRequests, 0);
    const seconds = raw.reduce((n, r) => n + r.duration, 0);
    return {
      rps: requests / seconds,
      p99: merged.latency.p99,
      errors: raw.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
      ...(pids?.[i] ? { cpuUs: (ticks[i] * TICK_US) / requests } : {}),
      loadCpuUs: loadUs[i] / requests,
    };
  });
}

/** Two URLs in alternating rounds (app, bare, bare, app, …). */
export async function measurePair(
  appUrl: string,
  bareUrl: string,
  options: RoundOptions,
): Promise<{ app: Measured; bare: Measured }> {
  const [app, bare] = await measureRounds([appUrl, bareUrl], options);
  return { app, bare };
}
