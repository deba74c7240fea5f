// Two URLs measured in alternating rounds under the same load (bench/read-endpoints.ts: the app against a bare server;
// bench/ssr.ts: a rendered page against its JSON read).
import autocannon, { type RawResult } from 'autocannon';

export interface Measured {
  rps: number;
  p99: number;
  errors: number;
}

/**
 * Measures the app and the bare server on one path in alternating rounds (app, bare, bare, app, …) of
 * duration/rounds seconds each, so a burst of load from elsewhere on the machine hits both alike. Req/s is all
 * completed requests over all rounds' time; p99 is over every request of every round.
 */
export async function measurePair(
  appUrl: string,
  bareUrl: string,
  {
    duration,
    connections,
    rounds,
    headers = {},
  }: { duration: number; connections: number; rounds: number; headers?: Record<string, string> },
): Promise<{ app: Measured; bare: Measured }> {
  // Warm-up: fills the read cache, JIT-compiles the hot paths, lets the sockets settle.
  for (const url of [appUrl, bareUrl]) await autocannon({ url, connections, duration: 2, headers });
  const runs = { app: [] as RawResult[], bare: [] as RawResult[] };
  const round = duration / rounds;
  for (let i = 0; i < rounds; i++) {
    const order: ('app' | 'bare')[] = i % 2 === 0 ? ['app', 'bare'] : ['bare', 'app'];
    for (const which of order) {
      const url = which === 'app' ? appUrl : bareUrl;
      runs[which].push(await autocannon({ url, connections, duration: round, headers, skipAggregateResult: true }));
    }
  }
  const summarize = (raw: RawResult[]): Measured => {
    const merged = autocannon.aggregateResult(raw, { url: appUrl, connections });
    const requests = raw.reduce((n, r) => n + r.totalCompletedRequests, 0);
    const seconds = raw.reduce((n, r) => n + r.duration, 0);
    return {
      rps: requests / seconds,
      p99: merged.latency.p99,
      errors: raw.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
    };
  };
  return { app: summarize(runs.app), bare: summarize(runs.bare) };
}
