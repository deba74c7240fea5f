// Search asks the index for the lexemes that exist starting with the last word, not for the prefix itself: the
// answer must be the one the prefix query gives, and the lexemes must follow every write.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResult } from '../../../shared/contract';
import type { StudioCourse } from '../../../shared/studio';
import { rowsOf } from '../../db/client';
import { PATHS } from '../../paths';
import { createCourses, createTutorials, createUser, type TestUser } from '../../test/factories';
import { call, type Method } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { prefixTsquery } from './search-query';
import { EXPANDED_LEXEMES_MAX } from './search.service';

let t: TestApp;
let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.database.db);
  admin = await createUser(t.database.db, { role: 'admin' });
  const p = (text: string) => `<p>${text}</p>`;
  await createCourses(t.database.db, [
    { title: 'Python performance', description: p('Profiling and perfect benchmarks'), position: 1 },
    { title: 'Perfect pitch', description: p('Ear training, no python'), position: 2 },
    { title: 'Perfume making', description: p('Performing with python scripts'), position: 3 },
    { title: 'Python projects', description: p('Programs, protocols, processes and profiles'), position: 4 },
    { title: 'Proper python', description: p('The python python python style guide'), position: 5 },
    { title: 'Performing arts', description: p('Stagecraft'), position: 6, status: 'draft' },
    { title: 'Gardening', description: p('Perfectly pruned roses, produced by a python'), position: 7 },
  ]);
  await createTutorials(t.database.db, [
    { title: 'Perfect python loops', content: p('Performance of loops'), position: 1 },
    { title: 'Profilers compared', content: p('python profile perf'), position: 2 },
  ]);
});
afterAll(() => t.close());

async function found(text: string) {
  const res = await call(t.app, 'GET', `/api/search/${encodeURIComponent(text)}`, user);
  expect(res.statusCode, res.body).toBe(200);
  const result = searchResult.strict().parse(res.json());
  return { course: result.course.map((c) => c.title), tutorial: result.tutorial.map((c) => c.title) };
}

/** What the prefix query itself answers, every match ranked (the test's rows are far fewer than the candidate caps):
 *  title matches first, then by rank, position and id; 20 of each kind. */
async function byPrefixQuery(text: string) {
  const tsquery = prefixTsquery(text);
  const answer = { course: [] as string[], tutorial: [] as string[] };
  if (!tsquery) return answer;
  for (const kind of ['course', 'tutorial'] as const) {
    const table = sql.identifier(kind === 'course' ? 'courses' : 'tutorials');
    const rows = await rowsOf<{ title: string }>(
      t.database.db,
      sql`select title from ${table}, to_tsquery('english', ${tsquery}) as q
        where search @@ q and status = 'published'
        order by to_tsvector('english', title) @@ q desc, ts_rank(search, q) desc, position, id
        limit 20`,
    );
    answer[kind] = rows.map((row) => row.title);
  }
  return answer;
}

const expansion = async (head: string | null, word: string, cap = EXPANDED_LEXEMES_MAX) => {
  const before = head === null ? sql`null` : sql`to_tsquery('english', ${head})`;
  const [row] = await rowsOf<{ q: string | null }>(
    t.database.db,
    sql`select search_prefix_expansion('english', ${before}, ${word}, ${cap})::text as q`,
  );
  return row.q;
};

const studio = async <T>(method: Method, url: string, body?: object): Promise<T> => {
  const res = await call(t.app, method, url, admin, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

describe('a prefix expanded into the lexemes that exist', () => {
  it('expands a prefix that covers 1 to EXPANDED_LEXEMES_MAX lexemes, and nothing else', async () => {
    // 'perf' covers perf, perfect, perform and perfum (stems), so it is asked as their OR; 'pro' covers more.
    const lexemes = (q: string | null) => q?.split(' | ').sort();
    expect(lexemes(await expansion(null, 'perf'))).toEqual(["'perf'", "'perfect'", "'perform'", "'perfum'"]);
    expect(await expansion(null, 'perf', 3)).toBeNull();
    expect(await expansion('python', 'performi')).toBeNull(); // no lexeme starts with 'performi'
    expect(await expansion('python', 'performance')).toBe("'python' & 'perform'"); // the word's stem
    expect(await expansion(null, 'pro')).toBeNull();
    expect(await expansion(null, 'pro', 100)).not.toBeNull();
    expect(await expansion(null, 'the')).toBeNull(); // a stop word has no lexeme
    expect(await expansion(null, 'zzzz')).toBeNull();
  });

  it.each([
    'perf',
    'perfe',
    'perfect',
    'perfor',
    'python perf',
    'python perfor',
    'python performing',
    'pro',
    'python pro',
    'pyth',
    'python',
    'python the',
    'the perf',
    'loops perf',
    'pr',
    'p',
    'stagecraft',
    'perform',
    // A one-letter last word, found through the initials (search_initial_query).
    'python p',
    'perfect p',
    'python s',
    'python z',
    'zzzz p',
    'g',
    'P',
    'the p',
    'a',
    'python a',
    '7',
  ])('answers %j as the prefix query does, in the same order', async (text) => {
    expect(await found(text)).toEqual(await byPrefixQuery(text));
  });

  it('answers a course whose title and text both match once, among the title matches', async () => {
    const { course } = await found('pyth');
    expect(course.filter((title) => title === 'Proper python')).toHaveLength(1);
    expect(course.indexOf('Proper python')).toBeLessThan(course.indexOf('Perfume making'));
  });

  it('finds by prefix the words of a course published, edited and updated in the Studio', async () => {
    // 'zygot' is known already, so 'zygo' is expanded: a word the lexemes missed would not be found.
    await createCourses(t.database.db, [{ title: 'Cell biology', description: '<p>The zygote</p>' }]);
    const courses = '/api/studio/courses';
    let course = await studio<StudioCourse>('POST', courses, {
      title: 'Botany',
      description: '<p>Zygomorphic flowers</p>',
      cover: '/media/uploads/cover.png',
    });
    expect((await found('zygo')).course).toEqual(['Cell biology']);
    course = await studio('PATCH', `${courses}/${course._id}`, { status: 'published', version: course.version });
    expect((await found('zygomo')).course).toEqual(['Botany']);
    expect((await found('zygo')).course).toEqual(['Cell biology', 'Botany']);
    expect(await found('zygo')).toEqual(await byPrefixQuery('zygo'));
    // An edit of a published course waits in its working copy until Update writes it.
    course = await studio('PATCH', `${courses}/${course._id}`, {
      description: '<p>Zygodactyl birds</p>',
      version: course.version,
    });
    expect((await found('zygodactyl')).course).toEqual([]);
    await studio('POST', `${courses}/${course._id}/update`, { version: course.version });
    expect((await found('zygoda')).course).toEqual(['Botany']);
    expect((await found('zygomorphic')).course).toEqual([]);
    expect(await found('zygo')).toEqual(await byPrefixQuery('zygo'));
  });

  it('never answers a draft, an unpublished or a deleted course, though its lexemes stay', async () => {
    await createCourses(t.database.db, [{ title: 'Xylophone basics' }]);
    const courses = '/api/studio/courses';
    let course = await studio<StudioCourse>('POST', courses, {
      title: 'Xylography',
      description: '<p>Woodcuts</p>',
      cover: '/media/uploads/cover.png',
    });
    expect((await found('xylo')).course).toEqual(['Xylophone basics']);
    course = await studio('PATCH', `${courses}/${course._id}`, { status: 'published', version: course.version });
    expect((await found('xylo')).course).toEqual(['Xylophone basics', 'Xylography']);
    course = await studio('PATCH', `${courses}/${course._id}`, { status: 'draft', version: course.version });
    expect((await found('xylo')).course).toEqual(['Xylophone basics']);
    course = await studio('PATCH', `${courses}/${course._id}`, { status: 'published', version: course.version });
    await studio('DELETE', `${courses}/${course._id}`);
    expect((await found('xylo')).course).toEqual(['Xylophone basics']);
    expect((await found('xylograph')).course).not.toContain('Xylography');
    expect(await expansion(null, 'xylo')).toContain("'xylographi'");
  });

  it('holds every lexeme of every row, and the migration fills it from the rows already there', async () => {
    const missing = sql`select count(*)::int as n from (
        select unnest(tsvector_to_array(search)) as lexeme from courses
        union select unnest(tsvector_to_array(search)) from tutorials
      ) as held
      where not exists (select from search_lexemes as l where l.lexeme = held.lexeme)`;
    const [before] = await rowsOf<{ n: number }>(t.database.db, missing);
    expect(before.n).toBe(0);
    // The migration's last statement fills the table; run it again on an emptied one.
    const migration = fs.readdirSync(PATHS.migrationsDir).find((file) => /^0017_.*\.sql$/.test(file));
    const statements = fs
      .readFileSync(path.join(PATHS.migrationsDir, migration ?? ''), 'utf8')
      .split('--> statement-breakpoint');
    await t.database.db.execute(sql`delete from search_lexemes`);
    await t.database.db.execute(sql.raw(statements[statements.length - 1]));
    const [after] = await rowsOf<{ n: number }>(t.database.db, missing);
    expect(after.n).toBe(0);
    expect(await expansion(null, 'perf')).not.toBeNull();
  });
});

describe('a one-letter last word found through the initials', () => {
  const initialQuery = async (head: string[], letter: string) => {
    const [row] = await rowsOf<{ q: string | null }>(
      t.database.db,
      sql`select search_initial_query('english', ${`{${head.join(',')}}`}::text[], ${letter})::text as q`,
    );
    return row.q;
  };

  it('asks the words and the initial, or nothing when the letter is no lexeme of its own', async () => {
    expect(await initialQuery(['python'], 'p')).toBe("'python' & ' p'");
    expect(await initialQuery(['pythons', 'the'], 'p')).toBe("'python' & ' p'");
    expect(await initialQuery([], 'g')).toBe("' g'");
    expect(await initialQuery(['python'], 'a')).toBeNull(); // a stop word: the prefix query finds nothing either
    expect(await initialQuery([], 'pr')).toBeNull();
  });

  it('holds each initial of a row once, beside its lexemes, their weights and positions', async () => {
    const [row] = await rowsOf<{ v: string }>(
      t.database.db,
      sql`select search::text as v from courses where title = 'Python projects'`,
    );
    expect(row.v).toContain("'python':1A");
    expect(row.v.match(/' p'/g)).toHaveLength(1);
    const [title] = await rowsOf<{ v: string }>(
      t.database.db,
      sql`select title_search::text as v from courses where title = 'Python projects'`,
    );
    expect(title.v).toBe("' p' 'project':2 'python':1");
  });

  it('never matches a prefix query: an initial is found only as one', async () => {
    const [row] = await rowsOf<{ prefix: boolean; initial: boolean; other: boolean }>(
      t.database.db,
      sql`select v @@ to_tsquery('english', 'r:*') as prefix, v @@ search_initial_query('english', '{}', 'r') as initial,
          v @@ search_initial_query('english', '{}', 'u') as other
        from search_initials(to_tsvector('english', 'Rust')) as v`,
    );
    expect(row).toEqual({ prefix: true, initial: true, other: false });
    // A prefix query's lexeme never starts with a space: the parser takes it out of any text.
    const [lexemeOnly] = await rowsOf<{ matches: boolean }>(
      t.database.db,
      sql`select ${"' g'"}::tsvector @@ to_tsquery('english', 'g:*') as matches`,
    );
    expect(lexemeOnly.matches).toBe(false);
  });
});
