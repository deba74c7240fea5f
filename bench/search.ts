// Search figures (target: 100,000 courses + tutorials, p95 ≤ 10 ms for every text, mistyped ones included; ranked,
// prefix matching). Fills a fresh
// database with 100,000 generated courses and 100,000 tutorials (words drawn from a vocabulary with a skewed
// distribution, generated in SQL), then times the real search service for several terms, and an
// `ILIKE '%word%'` scan of the same tables in the same run, and prints both with their ratio.
// PostgreSQL on the server BENCH_DATABASE_URL or DATABASE_URL names, by default the local one (a fresh database is made
// and dropped on it; an unreachable server is skipped and said so); PGlite in memory too unless BENCH_SKIP_PGLITE=1.
// Writes the "Search" section of docs/performance.md.
//   npm run bench:search            ROWS=20000 npm run bench:search (a quicker, smaller run)
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/server/db/client';
import { search } from '../src/server/modules/search/search.service';
import { writeSection } from './lib/performance-doc';
import { onThrowawayPostgres } from './lib/postgres-half';

const ROWS = Number(process.env.ROWS ?? 100_000);
const WARMUP = 10;
const RUNS = Number(process.env.RUNS ?? 100);
/** p95 every text must keep, mistyped ones included. */
const TARGET_MS = 10;

// Technical and everyday words; the generator favours the front of the list, as real text favours common words.
const VOCABULARY = `
the and for with your from into using build learn guide how what when why this that first simple
code data file list type test user page state error value function class object array string number
server client request response query database table index route model view component hook effect
python javascript typescript react node express django flask rust golang java kotlin swift ruby rails
css html sass tailwind bootstrap layout grid flexbox animation responsive design color font image
git github branch merge commit rebase docker kubernetes container cluster deploy cloud aws azure linux
bash shell script terminal command package module import export async await promise callback event
loop closure scope prototype inheritance interface generic enum tuple pattern match trait macro memory
pointer reference ownership borrow lifetime thread process lock mutex channel queue stack heap tree
graph search sort binary hash map set cache redis postgres mysql sqlite mongodb schema migration join
transaction security password token session cookie header cors csrf injection validation sanitize
testing unit integration mock fixture coverage debug logging monitoring metrics performance profile
optimize refactor clean architecture service microservice api rest graphql websocket stream buffer
encoding unicode regex parser compiler interpreter runtime virtual machine bytecode garbage collector
machine learning neural network tensor training dataset pandas numpy matplotlib notebook jupyter
statistics algorithm complexity recursion dynamic programming greedy divide conquer backtracking
mobile android ios flutter native webpack vite bundler babel eslint prettier format lint config
environment variable secret vault terraform ansible pipeline continuous delivery release version
semantic changelog license open source community contribute issue pull review mentor career job
interview resume portfolio project beginner intermediate advanced expert tutorial course lesson
chapter exercise quiz challenge solution example practice tips tricks mistakes common best modern
`
  .trim()
  .split(/\s+/);

const GENERATE = (table: 'courses' | 'tutorials', rows: number) => {
  const words = `array[${VOCABULARY.map((w) => `'${w}'`).join(',')}]::text[]`;
  const n = VOCABULARY.length;
  // power(random(), 2) skews towards the common words at the front. `g` in each subquery makes it run per row;
  // `0 * s` ties the aggregate to the subquery (an aggregate of outer columns only would belong to the outer query).
  const word = `v.w[1 + floor(power(random(), 2) * ${n})::int + 0 * s]`;
  const title = `initcap((select string_agg(${word}, ' ') from generate_series(1, 3 + (g % 4)) s))`;
  const body = `'<p>' || (select string_agg(${word}, ' ') from generate_series(1, 40 + (g % 41)) s) || '</p>'`;
  return table === 'courses'
    ? `insert into courses (title, description, cover, position, status)
       select ${title}, ${body}, '/media/covers/bench.svg', g, 'published' from generate_series(1, ${rows}) g, (select ${words} as w) v`
    : `insert into tutorials (title, image, content, position, status)
       select ${title}, '/media/tutorials/bench.svg', ${body}, g, 'published' from generate_series(1, ${rows}) g, (select ${words} as w) v`;
};

// Several kinds of text a person types: common words (in a quarter to half of all rows), a rarer word, two words,
// a prefix, words typed past their stem, mistyped words, a word in no row.
const TERMS = [
  'python',
  'learn',
  'kubernetes',
  'react hook',
  'datab',
  'async javascript',
  'garbage collector',
  'mentor car',
  // Typed as the dialog sends it, a letter at a time: a last word of one letter, alone or after others, found through
  // the initials of the lexemes (' p' for 'python', migration 0020) rather than as a prefix that covers most words.
  'p',
  'python d',
  'garbage c',
  // Typed past the stem ('learning' is stored as 'learn'): 'learni' is one edit from the title word 'learn' and
  // found by the correction; 'python performa' through the shortened last word ('perfo:*').
  'learni',
  'python performa',
  // Mistyped: no word matches; each word is corrected from the dictionary of published title words (one edit:
  // a letter added, dropped, changed, or two swapped) and the corrected text is searched.
  'pyhton',
  'javscript',
  'reactt',
  'zyxwvut',
];

interface Figures {
  term: string;
  matches: number;
  fts: { p50: number; p95: number };
  ilike: { p50: number; p95: number };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) };
};

async function time(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times;
}

/** What a naive search does: a substring scan of title and text, first 20 of each, no ranking possible. */
async function ilikeSearch(database: Database, word: string) {
  const pattern = `%${word}%`;
  await Promise.all([
    database.db.execute(sql`select id, title, description, cover from courses
      where title ilike ${pattern} or description ilike ${pattern} limit 20`),
    database.db.execute(sql`select id, title, image, content from tutorials
      where title ilike ${pattern} or content ilike ${pattern} limit 20`),
  ]);
}

async function fill(database: Database): Promise<number> {
  const start = performance.now();
  await database.db.execute(sql.raw('select setseed(0.42)'));
  // In slices, so one statement's memory stays small on PGlite.
  const slice = 20_000;
  for (const table of ['courses', 'tutorials'] as const) {
    for (let done = 0; done < ROWS; done += slice) {
      await database.db.execute(sql.raw(GENERATE(table, Math.min(slice, ROWS - done))));
    }
  }
  // What autovacuum does on a live server soon after a bulk load: statistics, and the GIN pending lists merged
  // into the index (until then every search scans the pending list linearly).
  await database.db.execute(sql.raw('vacuum analyze courses'));
  await database.db.execute(sql.raw('vacuum analyze tutorials'));
  return (performance.now() - start) / 1000;
}

async function measure(database: Database): Promise<Figures[]> {
  const figures: Figures[] = [];
  for (const term of TERMS) {
    const result = await search(database.db, term);
    const fts = summary(await time(RUNS, () => search(database.db, term)));
    // ILIKE gets the whole text as one substring, as a naive implementation would.
    const ilike = summary(await time(Math.max(10, Math.floor(RUNS / 5)), () => ilikeSearch(database, term)));
    figures.push({ term, matches: result.course.length + result.tutorial.length, fts, ilike });
  }
  return figures;
}

type Run = { figures: Figures[]; fillSeconds: number };

async function filledAndMeasured(database: Database): Promise<Run> {
  try {
    const fillSeconds = await fill(database);
    return { figures: await measure(database), fillSeconds };
  } finally {
    await database.close();
  }
}

/** On a throwaway database of `serverUrl`; undefined, with a note saying why, when it is unreachable. */
const withPostgres = (serverUrl: string, notes: string[]) =>
  onThrowawayPostgres(serverUrl, 'devc_bench_search', notes, async (url) =>
    filledAndMeasured(await openDatabase({ url })),
  );

const withPglite = async (): Promise<Run> => filledAndMeasured(await openDatabase({ memory: true }));

const ms = (v: number) => v.toFixed(2);

function table(figures: Figures[]): string {
  const lines = [
    '| text | results | full-text p50 | full-text p95 | ILIKE p50 | ILIKE p95 | ILIKE p95 ÷ full-text p95 |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const f of figures) {
    lines.push(
      `| \`${f.term}\` | ${f.matches} | ${ms(f.fts.p50)} ms | ${ms(f.fts.p95)} ms | ${ms(f.ilike.p50)} ms | ${ms(f.ilike.p95)} ms | ${(f.ilike.p95 / f.fts.p95).toFixed(1)}× |`,
    );
  }
  return lines.join('\n');
}

const worst = (figures: Figures[]) => Math.max(...figures.map((f) => f.fts.p95));

async function main() {
  const serverUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const sections: string[] = [];
  const verdicts: string[] = [];
  const notes: string[] = [];
  const runs: [string, () => Promise<Run | undefined>][] = [
    [`PostgreSQL (${new URL(serverUrl).host})`, () => withPostgres(serverUrl, notes)],
  ];
  if (process.env.BENCH_SKIP_PGLITE !== '1') runs.push(['PGlite (in memory)', withPglite]);

  const load = () => os.loadavg()[0].toFixed(2);
  const loadBefore = load();
  for (const [label, run] of runs) {
    console.log(
      `${label}: generating ${ROWS.toLocaleString('en')} courses and ${ROWS.toLocaleString('en')} tutorials...`,
    );
    const ran = await run();
    if (!ran) {
      sections.push(`### ${label}\n\n${notes.join(' ')}`);
      continue;
    }
    const { figures, fillSeconds } = ran;
    const p95 = worst(figures);
    const verdict = `${label}: worst full-text p95 ${ms(p95)} ms (target ≤ ${TARGET_MS} ms: ${p95 <= TARGET_MS ? 'met' : 'NOT met'})`;
    console.log(`generated in ${fillSeconds.toFixed(0)} s\n${table(figures)}\n${verdict}\n`);
    verdicts.push(verdict);
    sections.push(`### ${label}\n\n${table(figures)}\n\n${verdict}; data generated in ${fillSeconds.toFixed(0)} s.`);
  }

  const body = [
    `\`npm run bench:search\` (bench/search.ts), ${new Date().toISOString().slice(0, 10)}, ${ROWS.toLocaleString('en')} courses + ` +
      `${ROWS.toLocaleString('en')} tutorials of generated text (3–6 word titles, 40–80 word bodies, ${VOCABULARY.length} ` +
      'words, common ones favoured). Full-text: the search service itself (both tables; title matches first through ' +
      'the title GIN index, then text matches through `search`; `ts_rank` order within each over at most 500 / 200 ' +
      `candidates, 200 title candidates for one letter alone; last word as prefix; 20 of each), ${RUNS} runs per text after ${WARMUP} warm-up. ILIKE: \`title ILIKE '%text%' OR ` +
      "body ILIKE '%text%' LIMIT 20` on both tables, in the same run; it cannot rank, and it stops early when a common " +
      'word fills its 20 rows, so its best case (frequent words) looks better than its typical one. Every search is ' +
      'one statement: the words as typed (through search_attempt, a PL/pgSQL function whose plans the session keeps, ' +
      'when the last word has 3 letters or more; planned with their query as a literal otherwise), and a call of ' +
      'search_fallback (PL/pgSQL too) that runs only when they matched nothing. It corrects each word of 5 letters ' +
      'or more that is not a published title word to the title word one edit from it that the most titles hold ' +
      '(`search_words`, one indexed lookup), then asks in turn, each only when the ones before found nothing, the ' +
      'corrected text (as typed, then with its last word shortened) and the text with its last word shortened past ' +
      'its stem. A last word of one letter is found through the initials of the lexemes, which every row holds as ' +
      "lexemes of their own (' p' for 'python'), not as a prefix that covers most lexemes. So 'pyhton', " +
      "'javscript', 'reactt' and 'learni' (one edit from the title word 'learn') are answered by their corrections, " +
      "'python performa' by 'python & perfo:*', and 'zyxwvut' finds nothing, each in one round trip.",
    ...sections,
    // Five engineers share two cores: the load says how far to trust the figures.
    `Load average (1 min) ${loadBefore} before the run, ${load()} after, on ${os.cpus().length} cores.`,
  ].join('\n\n');
  writeSection('Search', body);
  console.log(verdicts.join('\n'));
}

await main();
