// BugsWorld figures: with 100,000 bugs and 1,000,000 solutions, the p95 of the first page of the bug list, its
// 50th page (walked there through the cursors), a tag filter and a search (target ≤ 20 ms), and the p99 of a vote
// while 200 voters vote at once (target ≤ 25 ms). Times the real service functions. Data is generated in SQL
// (generate_series), never row by row. PostgreSQL when BENCH_DATABASE_URL or DATABASE_URL names a server (a fresh
// database is made and dropped on it); PGlite in memory too unless BENCH_SKIP_PGLITE=1. Writes the "BugsWorld"
// section of docs/performance.md.
//   npm run bench:bugs            BUGS=10000 npm run bench:bugs (a quicker, smaller run)
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/server/db/client';
import { Refusal } from '../src/server/lib/errors';
import { listBugPage } from '../src/server/modules/bugs/bug-list.service';
import { vote } from '../src/server/modules/bugs/solutions.service';
import { createThrowawayDatabase } from '../src/server/test/throwaway-database';
import { writeSection } from './lib/performance-doc';

const BUGS = Number(process.env.BUGS ?? 100_000);
const SOLUTIONS_PER_BUG = 10;
const AUTHORS = 1_000;
const COURSES = 200;
const LESSONS_PER_COURSE = 10;
const VOTERS = 200;
const VOTES_EACH = Number(process.env.VOTES_EACH ?? 5);
const WARMUP = 10;
const VOTE_INTERVAL_MS = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RUNS = Number(process.env.RUNS ?? 100);

const WORDS = `react hook effect state render hydration server client query cache error build vite webpack node
express fastify postgres index migration docker deploy css grid flexbox layout python django flask rust borrow
lifetime async await promise closure typescript generic interface zod schema test mock timeout memory leak`
  .trim()
  .split(/\s+/);
const TAGS = `react node.js python c++ c# css html typescript rust go java docker postgres vite next.js django
flask kotlin swift git linux bash sql graphql redis`
  .trim()
  .split(/\s+/);

const arr = (list: string[]) => `array[${list.map((w) => `'${w}'`).join(',')}]::text[]`;

async function fill(database: Database): Promise<number> {
  const start = performance.now();
  const run = (q: string) => database.db.execute(sql.raw(q));
  await run('select setseed(0.12)');
  await run(`insert into users (name, email, password_hash, role)
    select 'Bench author ' || g, 'author' || g || '@example.test', 'x', 'learner' from generate_series(1, ${AUTHORS}) g`);
  await run(`insert into users (name, email, password_hash, role)
    select 'Bench voter ' || g, 'voter' || g || '@example.test', 'x', 'learner' from generate_series(1, ${VOTERS}) g`);
  const word = `v.w[1 + floor(power(random(), 2) * ${WORDS.length})::int + 0 * s]`;
  const slice = 20_000;
  for (let done = 0; done < BUGS; done += slice) {
    const n = Math.min(slice, BUGS - done);
    // Tags: 0–3 per bug, common ones favoured; creation one minute apart, newest last.
    await run(`insert into bugs (user_id, title, description, created_at, tags)
      select u.ids[1 + (g % ${AUTHORS})],
        initcap((select string_agg(${word}, ' ') from generate_series(1, 3 + (g % 5)) s)),
        '<p>' || (select string_agg(${word}, ' ') from generate_series(1, 20 + (g % 30)) s) || '</p>',
        now() - make_interval(mins => ${BUGS} - g),
        (select coalesce(array_agg(distinct t.x[1 + floor(power(random(), 2) * ${TAGS.length})::int + 0 * s]), '{}')
           from generate_series(1, g % 4) s)
      from generate_series(${done + 1}, ${done + n}) g,
        (select ${arr(WORDS)} as w) v,
        (select ${arr(TAGS)} as x) t,
        (select array_agg(id order by name) as ids from users where name like 'Bench author %') u`);
  }
  await run(`insert into bug_tags (bug_id, tag, created_at) select id, unnest(tags), created_at from bugs`);
  // Lessons: 200 courses of 10 lessons, one course in four a draft; a third of the bugs are asked at a lesson
  // moment, so every page joins the lessons readers may see (a draft's lesson is left out of the answer).
  await run(`insert into courses (title, description, cover, position, status)
    select 'Bench course ' || g, '<p>c</p>', '/c.png', g, case when g % 4 = 0 then 'draft' else 'published' end
    from generate_series(1, ${COURSES}) g`);
  await run(`insert into lessons (course_id, position, title, link, description)
    select c.id, p, c.title || ', lesson ' || p, '/v.mp4', '<p>l</p>'
    from courses c, generate_series(1, ${LESSONS_PER_COURSE}) p where c.title like 'Bench course %'`);
  await run(`update bugs b set lesson_id = l.ids[1 + floor(random() * array_length(l.ids, 1))::int],
      lesson_at = floor(random() * 600)
    from (select array_agg(id) as ids from lessons) l where random() < 0.33`);
  // Solutions in slices of bugs: ten per bug, scores spread around 0.
  const bugIds = `(select id, created_at, row_number() over (order by created_at) as n from bugs)`;
  for (let done = 0; done < BUGS; done += slice) {
    await run(`insert into bug_comments (bug_id, user_id, content, created_at, score)
      select b.id, u.ids[1 + ((b.n * 7 + s) % ${AUTHORS})], '<p>Try ' || s || ' for bug ' || b.n || '</p>',
        b.created_at + make_interval(secs => s), (floor(random() * 7) - 2)::int
      from ${bugIds} b, generate_series(1, ${SOLUTIONS_PER_BUG}) s,
        (select array_agg(id order by name) as ids from users where name like 'Bench author %') u
      where b.n > ${done} and b.n <= ${done + slice}`);
  }
  // Four bugs in ten have an accepted solution.
  await run(`update bugs b set accepted_solution_id = (select c.id from bug_comments c where c.bug_id = b.id
    order by c.score desc limit 1) where random() < 0.4`);
  for (const table of ['users', 'courses', 'lessons', 'bugs', 'bug_tags', 'bug_comments'])
    await run(`vacuum analyze ${table}`);
  return (performance.now() - start) / 1000;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const pct = (times: number[], q: number) =>
  quantile(
    [...times].sort((a, b) => a - b),
    q,
  );

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times;
}

interface Row {
  what: string;
  p50: number;
  p95: number;
  p99: number;
  target: string;
  met: boolean;
}

async function measure(database: Database): Promise<Row[]> {
  const { db } = database;
  const [viewer] = (
    (await db.execute(sql.raw(`select id from users where name = 'Bench author 1'`))) as { rows: { id: string }[] }
  ).rows;
  const page = (filter: Parameters<typeof listBugPage>[2], cursor?: string) =>
    listBugPage(db, viewer.id, filter, cursor);
  // Walk to the 50th page once; its cursor is then timed like any page.
  let cursor: string | undefined;
  for (let i = 1; i < 50; i++) cursor = (await page({}, cursor)).nextCursor ?? undefined;
  if (!cursor) throw new Error('fewer than 50 pages');
  const fiftieth = cursor;
  const rows: Row[] = [];
  const row = (what: string, times: number[]) => {
    const p95 = pct(times, 0.95);
    rows.push({ what, p50: pct(times, 0.5), p95, p99: pct(times, 0.99), target: 'p95 ≤ 20 ms', met: p95 <= 20 });
  };
  row('first page', await time(() => page({})));
  row('50th page', await time(() => page({}, fiftieth)));
  row('first page, others’ bugs', await time(() => page({ mine: false })));
  row('tag `react` (common)', await time(() => page({ tag: 'react' })));
  row('tag `redis` (rare)', await time(() => page({ tag: 'redis' })));
  row('tag `react`, unsolved', await time(() => page({ tag: 'react', unsolved: true })));
  row('search `hydration`', await time(() => page({ q: 'hydration' })));
  row('search `react hook`', await time(() => page({ q: 'react hook' })));
  row('search `memory lea`', await time(() => page({ q: 'memory lea' })));

  // 200 voters at once, each voting VOTES_EACH times on solutions of the newest 1,000 bugs, through the pool the vote
  // route uses (commits that do not wait for the disk on PostgreSQL, decision 0023).
  const voters = (
    (await db.execute(sql.raw(`select id from users where name like 'Bench voter %'`))) as { rows: { id: string }[] }
  ).rows;
  const targets = (
    (await db.execute(
      sql.raw(`select c.id from bug_comments c join (select id from bugs order by created_at desc limit 1000) b
        on b.id = c.bug_id`),
    )) as { rows: { id: string }[] }
  ).rows.map((r) => r.id);
  let refused = 0;
  const castVote = async (voterId: string, v: number, i: number) => {
    const target = targets[(v * 31 + i * 977) % targets.length];
    const start = performance.now();
    await vote(database.relaxedDb, { id: voterId, name: 'voter' }, target, i % 3 === 0 ? -1 : 1).catch((err) => {
      if (!(err instanceof Refusal)) throw err;
      refused += 1;
    });
    return performance.now() - start;
  };
  const voteRow = (what: string, latencies: number[]) => {
    const p99 = pct(latencies, 0.99);
    rows.push({
      what,
      p50: pct(latencies, 0.5),
      p95: pct(latencies, 0.95),
      p99,
      target: 'p99 ≤ 25 ms',
      met: p99 <= 25,
    });
  };
  // Paced: each of the 200 voters votes about once a second (a person clicking), all of them at the same time.
  const paced: number[] = [];
  await Promise.all(
    voters.map(async (voter, v) => {
      await sleep(Math.random() * VOTE_INTERVAL_MS);
      for (let i = 0; i < VOTES_EACH; i++) {
        const began = performance.now();
        paced.push(await castVote(voter.id, v, i));
        await sleep(Math.max(0, VOTE_INTERVAL_MS - (performance.now() - began)));
      }
    }),
  );
  voteRow(`vote, ${VOTERS} voters each voting once a second (${paced.length} votes)`, paced);
  // Burst: all 200 voters send their next vote the moment the previous one answers (200 in flight at all times);
  // with a pool of 10 connections this mostly measures the queue.
  const burst: number[] = [];
  await Promise.all(
    voters.map(async (voter, v) => {
      for (let i = 0; i < VOTES_EACH; i++) burst.push(await castVote(voter.id, v, i + VOTES_EACH));
    }),
  );
  voteRow(`vote, ${VOTERS} voters back to back, 200 in flight (${burst.length} votes)`, burst);
  if (refused) console.log(`${refused} votes refused (own solutions)`);
  return rows;
}

async function withPostgres(serverUrl: string) {
  const throwaway = await createThrowawayDatabase(serverUrl, 'devc_bench_bugs');
  const database = await openDatabase({ url: throwaway.url });
  try {
    const fillSeconds = await fill(database);
    return { rows: await measure(database), fillSeconds };
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept database ${throwaway.name}`);
    else await throwaway.drop();
  }
}

async function withPglite() {
  const database = await openDatabase({ memory: true });
  try {
    const fillSeconds = await fill(database);
    return { rows: await measure(database), fillSeconds };
  } finally {
    await database.close();
  }
}

const ms = (v: number) => `${v.toFixed(2)} ms`;
const table = (rows: Row[]) =>
  [
    '| what | p50 | p95 | p99 | target |',
    '|---|---:|---:|---:|---|',
    ...rows.map(
      (r) => `| ${r.what} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.target}: ${r.met ? 'met' : 'NOT met'} |`,
    ),
  ].join('\n');

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const runs: [string, () => Promise<{ rows: Row[]; fillSeconds: number }>][] = [];
  if (serverUrl) runs.push([`PostgreSQL (${new URL(serverUrl).host})`, () => withPostgres(serverUrl)]);
  if (process.env.BENCH_SKIP_PGLITE !== '1') runs.push(['PGlite (in memory)', withPglite]);
  if (runs.length === 0) throw new Error('Nothing to measure: set DATABASE_URL or unset BENCH_SKIP_PGLITE');
  const load = () => os.loadavg()[0].toFixed(2);
  const loadBefore = load();
  const sections: string[] = [];
  for (const [label, run] of runs) {
    console.log(
      `${label}: generating ${BUGS.toLocaleString('en')} bugs and ${(BUGS * SOLUTIONS_PER_BUG).toLocaleString('en')} solutions...`,
    );
    const { rows, fillSeconds } = await run();
    console.log(`generated in ${fillSeconds.toFixed(0)} s\n${table(rows)}\n`);
    sections.push(`### ${label}\n\n${table(rows)}\n\nData generated in ${fillSeconds.toFixed(0)} s.`);
  }
  writeSection(
    'BugsWorld',
    [
      `\`npm run bench:bugs\` (bench/bugs.ts), ${new Date().toISOString().slice(0, 10)}: ${BUGS.toLocaleString('en')} bugs ` +
        `(0–3 tags of ${TAGS.length}, four in ten solved, a third asked at a lesson of ${COURSES} courses, a quarter of them drafts) and ${(BUGS * SOLUTIONS_PER_BUG).toLocaleString('en')} solutions, ` +
        `generated in SQL. The service functions themselves, ${RUNS} runs each after ${WARMUP} warm-up; a page is 20 bugs ` +
        `with their solution count and best score. Votes: ${VOTERS} voters, ${VOTES_EACH} votes each, on the ` +
        'solutions of the newest 1,000 bugs, through the app’s pool (10 connections on PostgreSQL; PGlite runs one ' +
        'statement at a time): first paced (each voter about once a second, all at once), then back to back (200 ' +
        'votes in flight at every moment, which measures mostly the wait for a connection and the commit flushes).',
      ...sections,
      `Load average (1 min) ${loadBefore} before the run, ${load()} after, on ${os.cpus().length} cores.`,
    ].join('\n\n'),
  );
}

await main();
