// Runs a server in a child process, so the load generator does not share its event loop (or its CPU time
// slices) with it; the child reports its port over IPC once it listens.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export interface ChildServer {
  url: string;
  /** The server's process id (benches read its memory from /proc). */
  pid: number;
  /** The server's JavaScript memory (heap, external and array buffers) after a full garbage collection, in bytes:
   *  what its live objects hold, without the garbage and freed pages that make RSS differences noisy. */
  liveMemory(): Promise<number>;
  stop(): Promise<void>;
}

/** BENCH_CPU_PROF=dir: the server writes a V8 CPU profile there when it exits (open it in Chrome's DevTools).
 *  BENCH_PERF=1: it writes /tmp/perf-<pid>.map, so `perf record -g -p <pid>` names its JavaScript functions (the V8
 *  profile cannot see the kernel, where a cached read spends a third of its time writing to the socket). */
export const profilingFlags = (): string[] => [
  ...(process.env.BENCH_PERF ? ['--perf-basic-prof'] : []),
  ...(process.env.BENCH_CPU_PROF ? [`--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, '--cpu-prof'] : []),
];

/** Where a child's script is compiled to (under node_modules, so the packages it imports resolve from there). */
const compiledDir = path.join(fileURLToPath(new URL('../..', import.meta.url)), 'node_modules', '.cache', 'bench');

/**
 * Starts `script` in a child process and resolves once it listens. `compiled`: the script and what it imports from
 * src/ are compiled first into one module, as the app's own build compiles the server, and run by plain Node, as
 * `npm start` runs the app; otherwise it runs under tsx. A server measured against the compiled app runs compiled
 * too: tsx's loader costs a process 3–10 % of its CPU a request for as long as it runs (measured on bare Fastify).
 */
export async function startChildServer(
  script: string,
  env: Record<string, string>,
  { timeoutMs = 120_000, compiled = false }: { timeoutMs?: number; compiled?: boolean } = {},
): Promise<ChildServer> {
  let entry = script;
  if (compiled) {
    entry = path.join(compiledDir, `${path.basename(script, '.ts')}.mjs`);
    await build({
      entryPoints: [script],
      outfile: entry,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      packages: 'external',
      logLevel: 'warning',
    });
  }
  const child: ChildProcess = fork(entry, [], {
    execArgv: ['--expose-gc', ...(compiled ? [] : ['--import', 'tsx']), ...profilingFlags()],
    env: { ...process.env, ...env },
    // The server's own log (a line per request at LOG_LEVEL=info, as in production) is written, then dropped.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start within ${timeoutMs} ms`)), timeoutMs);
    child.once('message', (message: { port: number }) => {
      clearTimeout(timer);
      resolve(message.port);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with code ${code} before listening`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    liveMemory: () =>
      new Promise<number>((resolve) => {
        const onMessage = (message: { liveMemory?: number }) => {
          if (typeof message.liveMemory !== 'number') return;
          child.off('message', onMessage);
          resolve(message.liveMemory);
        };
        child.on('message', onMessage);
        child.send({ kind: 'live-memory' });
      }),
    stop: () => stopChild(child, exited, 5_000),
  };
}

/** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves once it has exited. */
export async function stopChild(child: ChildProcess, exited: Promise<unknown>, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(killer);
}

/** For the child: answer the parent with our port, and close on SIGTERM. */
export function reportListening(port: number, close: () => Promise<void>): void {
  process.send?.({ port });
  // The parent's liveMemory(): collect the garbage (the child runs with --expose-gc), then measure.
  process.on('message', (message: { kind?: string }) => {
    if (message.kind !== 'live-memory') return;
    (globalThis as { gc?: () => void }).gc?.();
    const usage = process.memoryUsage();
    process.send?.({ liveMemory: usage.heapUsed + usage.external + usage.arrayBuffers });
  });
  process.once('SIGTERM', () => {
    void close().finally(() => process.exit(0));
  });
  // The parent went away (crashed or was killed): do not outlive it.
  process.once('disconnect', () => {
    void close().finally(() => process.exit(0));
  });
}

/** For a child running the app: listen on a free port of 127.0.0.1, tell the parent, and on the way out close the
 *  app and then the database it was given. */
export async function listenAndReport(
  app: {
    listen(options: { port: number; host: string }): Promise<string>;
    server: { address(): unknown };
    close(): Promise<unknown>;
  },
  database: { close(): Promise<void> },
): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address && 'port' in address ? Number(address.port) : 0;
  reportListening(port, async () => {
    await app.close();
    await database.close();
  });
}
