// What search asks when the words as typed match nothing (migration 0018): the correction of each mistyped word, the
// attempts in turn, each ranked exactly as the same words typed.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../db/client';
import { createCourses, createTutorials } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';

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
