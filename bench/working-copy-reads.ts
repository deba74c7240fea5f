// `npm run bench:working-copies`: whether unpublished edits slow down what readers get. Two app servers on PGlite,
// each the compiled server with the demo content, started as `npm start` starts it (built first if stale); on the
// second an admin has edited every published course, lesson, tutorial and post without pressing Update, so each holds
// a working copy.
// The same read endpoints and rendered pages are measured on both in alternating rounds (one, other, other, one, …),
// so load from elsewhere hits both alike, first before the edits (the two processes' own difference) and then after.
// Target: after the edits the second serves at least 0.95 of what it served against the first before them, on every
// row (the working copy is not on a reader's path). Writes docs/performance.md's
// "Reads with working copies" section.
//   BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CompiledApp, startCompiledApp } from './lib/compiled-app';
import { demoItems } from './lib/demo-items';
import { measurePair } from './lib/measure-pair';
import { measuredOn, writeSection } from './lib/performance-doc';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = 4;
const TARGET = 0.95;

interface Versioned {
  _id: string;
  title: string;
  version: number;
}

/** Every published item of the demo content given a working copy: its title edited, Update never pressed. */
async function editEverything(url: string, token: string): Promise<number> {
  const call = async <T>(method: string, p: string, body?: unknown): Promise<T> => {
    const res = await fetch(url + p, {
      method,
      headers: { 'auth-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status !== 200) throw new Error(`${method} ${p} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const edit = async (p: string, item: Versioned) => {
    const edited = await call<{ hasChanges: boolean }>('PATCH', p, {
      title: `${item.title} (edited)`,
      version: item.version,
    });
    if (!edited.hasChanges) throw new Error(`${p} was edited in place: it has no working copy`);
  };
  let edits = 0;
  for (const { _id } of await call<{ _id: string }[]>('GET', '/api/course/getCourse')) {
    const course = await call<Versioned & { lessons: Versioned[] }>('GET', `/api/studio/courses/${_id}`);
    await edit(`/api/studio/courses/${_id}`, course);
    for (const lesson of course.lessons) await edit(`/api/studio/lessons/${lesson._id}`, lesson);
    edits += 1 + course.lessons.length;
  }
  for (const [list, kind] of [
    ['/api/tutorial/getTutorial', 'tutorials'],
    ['/api/blog/getBlog', 'blogs'],
  ] as const) {
    for (const { _id } of await call<{ _id: string }[]>('GET', list)) {
      await edit(`/api/studio/${kind}/${_id}`, await call<Versioned>('GET', `/api/studio/${kind}/${_id}`));
      edits += 1;
    }
  }
  return edits;
}

/** The reads measured, on the server at `url`: both servers hold the same demo content, so the same place in it. */
async function readPaths(url: string): Promise<string[]> {
  const { courseId, lessonId, postId } = await demoItems(url);
  return [
    '/api/course/getCourse',
    `/api/lession/getLession/${courseId}/${lessonId}`,
    '/api/blog/getBlog',
    `/api/blog/getBlogDetail/${postId}`,
    '/',
    `/course/${courseId}/${lessonId}`,
    `/blog/${postId}`,
  ];
}

const short = (p: string) => p.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}');

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-bench-wc-'));
  const started: CompiledApp[] = [];
  const rows: string[] = [];
  let worst = Infinity;
  let edits = 0;
  try {
    const server = (name: string, extra: Record<string, string> = {}) =>
      startCompiledApp({ dataDir: path.join(work, name), prepare: extra });
    const plain = await server('plain');
    started.push(plain);
    const tokenFile = path.join(work, 'admin-token');
    const edited = await server('edited', { BENCH_ADMIN_TOKEN_FILE: tokenFile });
    started.push(edited);
    // The same two processes differ a little on their own (which core, what the scheduler did): each read is first
    // measured with both servers plain, and that ratio is the yardstick for the one after the edits.
    // Item ids differ between the two databases: each server's own paths, read from it, pair up in order.
    const [paths, otherPaths] = await Promise.all([readPaths(plain.url), readPaths(edited.url)]);
    const others = new Map(paths.map((p, i) => [p, otherPaths[i]]));
    const pair = (p: string) =>
      measurePair(plain.url + p, edited.url + (others.get(p) ?? p), { duration, connections, rounds: ROUNDS });
    const before = new Map<string, number>();
    for (const p of paths) {
      const { app: first, bare: second } = await pair(p);
      before.set(p, second.rps / first.rps);
      console.log(`  both plain, ${short(p)}: second ÷ first ${(second.rps / first.rps).toFixed(2)}`);
    }

    edits = await editEverything(edited.url, fs.readFileSync(tokenFile, 'utf8'));
    console.log(`${edits} published items given a working copy on the second server`);

    for (const p of paths) {
      const other = others.get(p) ?? p;
      const [a, b] = await Promise.all([fetch(plain.url + p), fetch(edited.url + other)]);
      if (a.status !== 200 || b.status !== 200) throw new Error(`${p} answered ${a.status} and ${b.status}`);
      // Readers still get the published version.
      if ((await b.text()).includes('(edited)')) throw new Error(`${other} shows a working copy to readers`);
      process.stdout.write(`  ${short(p)}: `);
      const { app: without, bare: withCopies } = await pair(p);
      const yardstick = before.get(p) ?? 1;
      const ratio = withCopies.rps / without.rps / yardstick;
      worst = Math.min(worst, ratio);
      console.log(
        `without ${Math.round(without.rps)} req/s, with ${Math.round(withCopies.rps)} req/s (${ratio.toFixed(2)})`,
      );
      rows.push(
        `| ${short(p)} | ${yardstick.toFixed(2)} | ${Math.round(without.rps)} | ${without.p99} | ${Math.round(withCopies.rps)} | ${withCopies.p99} | ${ratio.toFixed(2)} | ${without.errors + withCopies.errors} |`,
      );
    }
  } finally {
    for (const child of started.reverse()) await child.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
  const table = [
    '| read | second ÷ first, both plain | req/s without | p99 ms | req/s with working copies | p99 ms | with ÷ without, over both plain | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
  console.log(`\n${table}\n`);
  const verdict = worst >= TARGET ? 'meets' : '**misses**';
  writeSection(
    'Reads with working copies',
    [
      ...measuredOn('`npm run bench:working-copies` (bench/working-copy-reads.ts)', loadBefore),
      `Two app servers on PGlite with the demo content, each the compiled server started as \`npm start\` starts it`,
      `(request log at info);`,
      `on the second an admin edited all ${edits} published courses, lessons, tutorials and posts without pressing`,
      `Update, so each holds a working copy readers must not see. autocannon: ${connections} connections, ${duration} s`,
      `per read and server after a 2 s warm-up, in ${ROUNDS} alternating rounds, first with both servers plain (two`,
      'processes of the same code differ a little on their own: that ratio is the yardstick), then after the edits.',
      `No compression. Target: (with ÷ without) ÷ (the same, both plain) ≥ ${TARGET} on every row (${verdict}: the`,
      `lowest is ${worst.toFixed(2)}).`,
      '',
      table,
    ].join('\n'),
  );
}

await main();
