// What search asks when the words as typed match nothing (migration 0018): the correction of each mistyped word, the
// attempts in turn, each ranked exactly as the same words typed, all in the one statement of the search.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/constants';
import { type Database, type Db, rowsOf } from '../../db/client';
import { createCourses, createTutorials } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { prefixQuery } from './search-query';
import {
  CANDIDATES,
  EXPANDED_LEXEMES_MAX,
  EXPANDED_PREFIX_MIN,
  literalAttempt,
  search,
  searchStatement,
} from './search.service';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const p = (text: string) => `<p>${text}</p>`;
  await createCourses(database.db, [
    { title: 'Python performance', description: p('Profiling and perfect benchmarks'), position: 1 },
    { title: 'Perfect pitch', description: p('Ear training, no python'), position: 2 },
    { title: 'Python projects', description: p('Programs, protocols, processes and profiles'), position: 3 },
    { title: 'Proper python', description: p('The python python python style guide'), position: 4 },
    { title: 'Learning to learn', description: p('Learners learn'), position: 5 },
    { title: 'Kestrel flights', description: p('Hovering'), position: 6 },
    { title: 'Kestrels nesting', description: p('Cliffs'), position: 7 },
    { title: 'Kestrels hunting', description: p('Voles'), position: 8 },
    { title: 'Wombat burrows', description: p('Digging'), position: 9 },
    { title: 'Wombot circuits', description: p('Robots'), position: 10 },
    { title: 'Reaching goals', description: p('Plans'), position: 11 },
    { title: 'React hooks', description: p('State and effects'), position: 12 },
    { title: 'Perfume making', description: p('Performing with python scripts'), position: 13, status: 'draft' },
  ]);
  await createTutorials(database.db, [
    { title: 'Perfect python loops', content: p('Performance of loops, for learners'), position: 1 },
    { title: 'Profilers compared', content: p('python profile perf'), position: 2 },
  ]);
});
afterAll(() => database.close());

const one = async <T>(query: SQL) => (await rowsOf<{ v: T }>(database.db, query))[0].v;

/** Edits between two words (letters added, dropped or changed, neighbours swapped, each one): the optimal string
 *  alignment distance, as a plain table, for search_one_edit to agree with. */
function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const d = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[x.length][y.length];
}

describe('search_one_edit', () => {
  const oneEdit = (a: string, b: string) => one<boolean>(sql`select search_one_edit(${a}, ${b}) as v`);

  it('is true for one letter added, dropped, changed, or two neighbours swapped', async () => {
    for (const [a, b] of [
      ['pyhton', 'python'],
      ['javscript', 'javascript'],
      ['reactt', 'react'],
      ['naïve', 'naive'],
      ['ab', 'ba'],
      ['xpython', 'python'],
      ['pythox', 'python'],
    ]) {
      expect(await oneEdit(a, b), `${a} ${b}`).toBe(true);
      expect(await oneEdit(b, a), `${b} ${a}`).toBe(true);
    }
  });

  it('is false for the same word, and for two edits or more', async () => {
    for (const [a, b] of [
      ['python', 'python'],
      ['pyhtno', 'python'],
      ['kitten', 'sitting'],
      ['abcde', 'bcdae'], // they share a form with one letter dropped, yet are two edits apart
      ['abc', 'cba'],
      ['', 'ab'],
    ]) {
      expect(await oneEdit(a, b), `${a} ${b}`).toBe(false);
    }
  });

  it('agrees with the optimal string alignment distance on every pair of short words over a small alphabet', async () => {
    const words = [''];
    for (let length = 1; length <= 4; length++) {
      for (const word of words.filter((w) => w.length === length - 1)) words.push(`${word}a`, `${word}b`, `${word}é`);
    }
    const pairs = words.flatMap((a) => words.map((b) => [a, b] as const));
    const rows = await rowsOf<{ a: string; b: string; v: boolean }>(
      database.db,
      sql`select a, b, search_one_edit(a, b) as v
        from unnest(${`{${pairs.map(([a]) => `"${a}"`).join(',')}}`}::text[], ${`{${pairs.map(([, b]) => `"${b}"`).join(',')}}`}::text[]) as p(a, b)`,
    );
    expect(rows).toHaveLength(pairs.length);
    expect(rows.filter((row) => row.v !== (editDistance(row.a, row.b) === 1))).toEqual([]);
  });
});

describe('search_correction', () => {
  const correction = (word: string) => one<string | null>(sql`select search_correction(${word}) as v`);

  it('corrects a word to the dictionary word one edit from it', async () => {
    expect(await correction('pyhton')).toBe('python');
    expect(await correction('performanse')).toBe('performance');
    expect(await correction('learningg')).toBe('learning');
  });

  it('picks the word the most published titles hold, then the first in code point order', async () => {
    expect(await correction('kestres')).toBe('kestrels'); // one edit from kestrel (1 title) and kestrels (2)
    expect(await correction('wombxt')).toBe('wombat'); // one edit from wombat and wombot, one title each
  });

  it('leaves a word in the dictionary, two edits away, or known only to a draft', async () => {
    expect(await correction('python')).toBeNull();
    expect(await correction('pyhtno')).toBeNull();
    expect(await correction('zzzzzz')).toBeNull();
    expect(await correction('perfum')).toBeNull(); // 'perfume' is only a draft's
  });
});

describe('search_shortened', () => {
  const shortened = (words: string[]) =>
    one<string | null>(sql`select search_shortened(string_to_array(${words.join(' ')}, ' '), 3, 4) as v`);

  it('shortens the last word by up to 3 letters, keeping 4', async () => {
    expect(await shortened(['learni'])).toBe('lear');
    expect(await shortened(['c', 'tutoria'])).toBe('c tuto');
    expect(await shortened(['learn'])).toBe('lear');
    expect(await shortened(['python', 'performa'])).toBe('python perfo');
    expect(await shortened(['pyth'])).toBeNull();
  });
});

describe('search_attempt', () => {
  /** An attempt's hits as `kind tier: title`, in the order the statement answers them. */
  const hits = async (query: SQL) =>
    (await rowsOf<{ kind: string; tier: number; title: string }>(database.db, query)).map(
      (row) => `${row.kind} ${row.tier}: ${row.title}`,
    );
  const attempt = (text: string) => {
    const query = prefixQuery(text);
    if (!query) throw new Error(`no searchable word in ${text}`);
    const words = (list: string[]) => sql`string_to_array(${list.join(' ')}, ' ')`;
    const head = query.head.length > 0 ? words(query.head) : sql`'{}'::text[]`;
    return hits(sql`select hit_kind as kind, hit_tier as tier, hit_title as title
      from search_attempt(1, ${head}, ${query.last}, ${EXPANDED_LEXEMES_MAX}, ${EXPANDED_PREFIX_MIN},
        ${CANDIDATES.title}, ${CANDIDATES.text}, ${LIMITS.searchResultsMax})
      order by hit_kind, hit_tier, hit_n`);
  };
  /** The same words ranked by a statement planned with their query as a literal, as a search whose last word is too
   *  short to expand is asked. */
  const literal = (text: string) => {
    const query = prefixQuery(text);
    if (!query) throw new Error(`no searchable word in ${text}`);
    return hits(sql`with ${sql.join(literalAttempt(query), sql`, `)} select * from "typed" order by kind, tier, n`);
  };
  /** The words as typed, as a search asks them. */
  const typed = (text: string) => {
    const query = prefixQuery(text);
    if (!query) throw new Error(`no searchable word in ${text}`);
    return hits(searchStatement(query));
  };

  it.each([
    'python',
    'pyth',
    'p',
    'pe',
    'perf',
    'perfe',
    'python perf',
    'python perfor',
    'python performing',
    'pro',
    'python pro',
    'python the',
    'the perf',
    'loops perf',
    'learn',
    'learners',
    'kestrel',
    'stagecraft',
  ])('ranks %j as the literal statement ranks the same words, and a search answers it so', async (text) => {
    const ranked = await literal(text);
    expect(await attempt(text)).toEqual(ranked);
    expect(await typed(text)).toEqual(ranked);
  });
});

describe('the fallback', () => {
  const titles = async (text: string) => {
    const result = await search(database.db, text);
    return [...result.course, ...result.tutorial].map((item) => item.title);
  };

  it('corrects, then shortens the corrected text, then shortens the text as typed', async () => {
    expect(await titles('reactt')).toEqual(['React hooks']); // corrected, where 'reac:*' also finds 'Reaching goals'
    const performa = ['Python performance', 'Perfect python loops']; // 'python & perfo:*'
    expect(await titles('pyhton performa')).toEqual(performa); // corrected, then shortened
    expect(await titles('python performa')).toEqual(performa); // shortened
    expect(await titles('learni')).toEqual(await titles('learn'));
    expect(await titles('zyxwvut')).toEqual([]);
  });

  it('answers a mistyped text in one statement', async () => {
    let statements = 0;
    const counting: Db = new Proxy(database.db, {
      get(target, key): unknown {
        if (key !== 'execute') return Reflect.get(target, key) as unknown;
        return (query: SQL) => {
          statements++;
          return target.execute(query);
        };
      },
    });
    for (const text of ['pyhton', 'pyhton performa', 'python performa', 'zyxwvut', 'python']) {
      statements = 0;
      await search(counting, text);
      expect(statements, text).toBe(1);
    }
  });
});
