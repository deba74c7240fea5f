// The grading engine's own figures, without HTTP (the API's figures are bench/practice.ts): verdicts per second
// and p99 latency with 20 runs in flight at once, JavaScript (QuickJS workers) and Python (warm Pyodide workers),
// and the memory (RSS of this process, its QuickJS worker threads included, plus its Pyodide child processes) when
// the workers are ready and under load.
//   npm run bench:practice-grading            (BENCH_SECONDS=10 by default per language)
import os from 'node:os';
import type { RunRequest } from '../src/shared/practice';
import { createGrader } from '../src/server/modules/practice/grading';
import { processTreeRss } from './lib/process-rss';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = 20;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** This process's RSS and its Python grading processes', from /proc where there is one. */
function rss(): number {
  try {
    return processTreeRss(process.pid);
  } catch {
    return process.memoryUsage().rss;
  }
}

const requests: Record<'javascript' | 'python', RunRequest> = {
  javascript: {
    language: 'javascript',
    code: 'function fizz(n) { const out = []; for (let i = 1; i <= n; i++) out.push(i % 15 === 0 ? "FizzBuzz" : i % 3 === 0 ? "Fizz" : i % 5 === 0 ? "Buzz" : String(i)); return out; }',
    tests: [
      { name: 'first five', code: 'assert.deepStrictEqual(fizz(5), ["1", "2", "Fizz", "4", "Buzz"])', hidden: false },
      { name: 'fifteen', code: 'assert.strictEqual(fizz(15)[14], "FizzBuzz")', hidden: false },
      { name: 'hundred', code: 'assert.strictEqual(fizz(100).length, 100)', hidden: true },
    ],
    timeLimitMs: 2000,
  },
  python: {
    language: 'python',
    code: 'def fizz(n):\n    return ["FizzBuzz" if i % 15 == 0 else "Fizz" if i % 3 == 0 else "Buzz" if i % 5 == 0 else str(i) for i in range(1, n + 1)]',
    tests: [
      { name: 'first five', code: 'assert fizz(5) == ["1", "2", "Fizz", "4", "Buzz"]', hidden: false },
      { name: 'fifteen', code: 'assert fizz(15)[14] == "FizzBuzz"', hidden: false },
      { name: 'hundred', code: 'assert len(fizz(100)) == 100', hidden: true },
    ],
    timeLimitMs: 2000,
  },
};

async function load(grade: (req: RunRequest) => Promise<{ verdict: string }>, req: RunRequest) {
  const latencies: number[] = [];
  let peakRss = rss();
  // Sampled, not read after every verdict: reading /proc costs the main thread time the verdicts need.
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rss())), 100);
  let wrong = 0;
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const result = await grade(req);
        latencies.push(performance.now() - t);
        if (result.verdict !== 'passed') wrong++;
      }
    }),
  );
  clearInterval(sampler);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
  return {
    perSecond: latencies.length / elapsed,
    p50: pct(0.5),
    p99: pct(0.99),
    runs: latencies.length,
    wrong,
    peakRss,
  };
}

const grader = createGrader({ warm: true });
const booted = performance.now();
await grader.warm();
const stats = grader.stats();
console.log(
  `Grading workers on ${os.availableParallelism()} cores (load average ${os.loadavg()[0].toFixed(1)}): ` +
    `${stats.javascript.workers} QuickJS, ${stats.python.workers} Pyodide; all ready in ${((performance.now() - booted) / 1000).toFixed(1)} s`,
);
console.log(
  `RSS at ready: ${mb(rss())} (this process ${mb(process.memoryUsage().rss)}, the rest its Python processes)`,
);
for (const language of ['javascript', 'python'] as const) {
  await load((req) => grader.grade(req), { ...requests[language] }); // warm-up pass: JIT and caches
  const r = await load((req) => grader.grade(req), requests[language]);
  console.log(
    `${language.padEnd(10)} ${r.perSecond.toFixed(0).padStart(5)} verdicts/s  p50 ${r.p50.toFixed(0)} ms  p99 ${r.p99.toFixed(0)} ms  ` +
      `(${r.runs} runs, ${CONCURRENCY} in flight, ${r.wrong} not passed)  peak RSS ${mb(r.peakRss)}`,
  );
}
await grader.close();
