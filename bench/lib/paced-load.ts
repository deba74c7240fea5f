// An open-loop load at an even pace: each of `clients` clients has its own keep-alive connection and sends one
// request every clients/rate seconds, the clients' phases spread evenly over that period, so requests arrive at
// `rate` per second without bursts. autocannon's `overallRate` does not do that: each connection sends its share
// back to back at the start of every second, all connections at once, so a server answering in 2 ms measures a p99
// of ~300 ms at 500 connections and 2,000 requests/s (bench/progress-writes.ts, "Progress writes" in
// docs/performance.md). A request's latency counts from when it was due, not when it was sent, so a client that
// falls behind (the machine is busy, or its previous request has not been answered) adds its lateness.
import http from 'node:http';

export interface PacedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface PacedResult {
  /** Requests answered per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  /** Failed connections and answers other than 2xx. */
  errors: number;
}

/** Runs `warmupSeconds` then `seconds` on the same connections; only the requests due in the second part count. */
export async function pacedLoad(
  url: string,
  {
    clients,
    rate,
    seconds,
    warmupSeconds = 2,
  }: { clients: number; rate: number; seconds: number; warmupSeconds?: number },
  next: (client: number) => PacedRequest,
): Promise<PacedResult> {
  const target = new URL(url);
  const periodMs = (clients / rate) * 1000;
  const agents = Array.from({ length: clients }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const latencies: number[] = [];
  let errors = 0;
  let inFlight = 0;
  let settled: () => void = () => {};
  let measuredFrom = Infinity;

  const send = (client: number, due: number) => {
    const request = next(client);
    inFlight += 1;
    const done = (ok: boolean) => {
      inFlight -= 1;
      if (due >= measuredFrom) {
        latencies.push(performance.now() - due);
        if (!ok) errors += 1;
      }
      if (inFlight === 0) settled();
    };
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.path,
        agent: agents[client],
        headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300));
      },
    );
    req.on('error', () => done(false));
    req.end(request.body);
  };

  // Client c's k-th request is due at start + (c / clients + k) × period.
  const start = performance.now() + 20;
  measuredFrom = start + warmupSeconds * 1000;
  const end = measuredFrom + seconds * 1000;
  await new Promise<void>((resolve) => {
    let client = 0;
    let round = 0;
    const dueOf = () => start + (client / clients + round) * periodMs;
    const tick = () => {
      const now = performance.now();
      for (let due = dueOf(); due <= now; due = dueOf()) {
        if (due >= end) return resolve();
        send(client, due);
        client += 1;
        if (client === clients) [client, round] = [0, round + 1];
      }
      if (dueOf() >= end) return resolve();
      setTimeout(tick, Math.max(0, dueOf() - performance.now()));
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });
  if (inFlight > 0) await new Promise<void>((resolve) => (settled = resolve));
  for (const agent of agents) agent.destroy();

  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
  return {
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: Math.round(latencies.at(-1) ?? 0),
    requests: latencies.length,
    errors,
  };
}
