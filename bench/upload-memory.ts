// `npm run bench:upload`: does the server's memory grow with the size of an upload? Starts the real app (buildApp
// with the media routes, local storage in a temporary DATA_DIR) on a free port, uploads generated WebM files
// (a real EBML header, then filler) over HTTP with a streaming body, and samples this process's RSS every 50 ms.
// Client and server share the process, so the figure covers both; the client also streams. Prints, per size,
// the peak RSS minus the RSS just before the upload, and the same for the JavaScript heap plus Buffers. RSS does
// not shrink back after a run, so a later, smaller upload mostly shows ~0: compare a larger upload after a smaller
// one (BENCH_SIZES_MB=50,200) to see that it does not grow with the size.
//   BENCH_SIZES_MB (default "200,50"): the upload sizes, after a 10 MB warm-up.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { measuredOn, writeSection } from './lib/performance-doc';
import { webmHeader } from '../src/server/modules/media/media-test-files';

const MB = 1024 * 1024;
const loadBefore = os.loadavg()[0];
const sizes = (process.env.BENCH_SIZES_MB ?? '200,50').split(',').map((s) => Number(s.trim()) * MB);

// A collection before each baseline makes the baselines comparable (the flag can be set at run time).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devcourses-upload-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' });
const database = await openDatabase({ memory: true });
// Uploads are for authors; the bench measures the upload path, so it opens the door instead of signing in.
const app = await buildApp({ config, database, media: { guard: async () => {} } });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

interface Run {
  size: number;
  /** RSS just before the upload and its highest sample during it. */
  baseline: number;
  peak: number;
  /** The same for the JavaScript heap plus Buffers (which, unlike RSS, shrink again after a collection). */
  heapBaseline: number;
  heapPeak: number;
  seconds: number;
}

const heapAndBuffers = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

/** POSTs a multipart body with a `size`-byte WebM file, generated 64 KiB at a time as the socket drains. */
function uploadWebm(size: number): Promise<{ status: number; body: string; sha256: string }> {
  const boundary = 'bench-upload-boundary';
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="bench.webm"\r\n` +
      `content-type: video/webm\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const filler = Buffer.alloc(64 * 1024);
  for (let i = 0; i < filler.length; i++) filler[i] = (i * 131) & 0xff;
  const hash = createHash('sha256');

  return new Promise((resolve, reject) => {
    const req = http.request(`${address}/api/studio/media`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + size + tail.length,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), sha256: hash.digest('hex') }),
      );
    });
    req.write(head);
    req.write(webmHeader);
    hash.update(webmHeader);
    let sent = webmHeader.length;
    const pump = () => {
      while (sent < size) {
        const chunk = filler.subarray(0, Math.min(filler.length, size - sent));
        sent += chunk.length;
        hash.update(chunk);
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

async function measure(size: number): Promise<Run> {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const baseline = process.memoryUsage().rss;
  const heapBaseline = heapAndBuffers();
  let peak = baseline;
  let heapPeak = heapBaseline;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
    heapPeak = Math.max(heapPeak, heapAndBuffers());
  };
  const sampler = setInterval(sample, 50);
  const started = performance.now();
  const answer = await uploadWebm(size);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  sample();

  const expected = `/media/uploads/${answer.sha256}.webm`;
  if (answer.status !== 200 || (JSON.parse(answer.body) as { url: string }).url !== expected) {
    throw new Error(`upload of ${size} bytes answered ${answer.status} ${answer.body}`);
  }
  const stored = path.join(dataDir, 'media', `${answer.sha256}.webm`);
  if (fs.statSync(stored).size !== size) throw new Error(`stored file of ${size} bytes has the wrong size`);
  fs.rmSync(stored);
  return { size, baseline, peak, heapBaseline, heapPeak, seconds };
}

const mb = (bytes: number) => (bytes / MB).toFixed(1);
try {
  await measure(10 * MB); // warm-up: JIT, sockets, the first temp file
  const runs: Run[] = [];
  for (const size of sizes) runs.push(await measure(size));

  console.log(`Upload memory (Node ${process.version}, ${os.cpus().length} cores; RSS sampled every 50 ms)`);
  for (const run of runs) {
    console.log(
      `  ${mb(run.size).padStart(6)} MB WebM: peak RSS − baseline = ${mb(run.peak - run.baseline)} MB ` +
        `(baseline ${mb(run.baseline)} MB, peak ${mb(run.peak)} MB); ` +
        `heap + Buffers peak − baseline = ${mb(run.heapPeak - run.heapBaseline)} MB; ` +
        `${(run.size / MB / run.seconds).toFixed(0)} MB/s`,
    );
  }
  writeSection(
    'Upload memory',
    [
      ...measuredOn('`npm run bench:upload`', loadBefore),
      '',
      'The real app (local storage) takes generated WebM uploads over HTTP with a streaming body, after a 10 MB',
      'warm-up; RSS and heap + Buffers are sampled every 50 ms in the same process as the client. Target:',
      "the server's peak memory does not grow with the file's size.",
      '',
      '| upload | peak RSS − baseline | heap + Buffers peak − baseline | throughput |',
      '|---|---|---|---|',
      ...runs.map(
        (run) =>
          `| ${mb(run.size)} MB | ${mb(run.peak - run.baseline)} MB | ${mb(run.heapPeak - run.heapBaseline)} MB | ` +
          `${(run.size / MB / run.seconds).toFixed(0)} MB/s |`,
      ),
      '',
      'RSS does not shrink after a run, so a later upload shows less; the heap + Buffers column is the fairer',
      'comparison between sizes.',
    ].join('\n'),
  );
} finally {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
