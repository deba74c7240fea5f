import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResult, type SearchResult } from '../../../shared/contract';
import { searchWords } from '../../../shared/search-words';
import type { StudioCourse } from '../../../shared/studio';
import { rowsOf } from '../../db/client';
import { searchWords as dictionary } from '../../db/schema';
import { createCourses, createTutorials, createUser, type TestUser } from '../../test/factories';
import { call, type Method } from '../../test/kit';
import { aString, anErrorBody, type ErrorBody } from '../../test/matchers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { prefixQuery, prefixTsquery, titleTsqueryOf, typoWords } from './search-query';
import { type Fallback, searchStatement } from './search.service';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.database.db);
  const course = (title: string, description: string, position: number) => ({
    title,
    description,
    cover: '/c.svg',
    position,
  });
  await createCourses(t.database.db, [
    course('Cooking for programmers', '<p>Feed your <b>python</b> habit with snacks. Python, python, python.</p>', 0),
    course('Python basics', '<p>Variables and loops</p>', 1),
    course('Advanced JavaScript', '<p>Closures, prototypes and the event loop</p>', 2),
    course('Rust ownership', "<p>Borrowing without tears: it's <code>&amp;mut</code></p>", 3),
    course('React hooks', '<p>State and effects</p>', 4),
    ...Array.from({ length: 25 }, (_, i) => course(`Zebra course ${i}`, '<p>stripes</p>', 10 + i)),
  ]);
  await createTutorials(t.database.db, [
    { title: 'Snake charming', image: '/t.svg', content: '<p>Pythonic idioms for python lovers</p>', position: 0 },
    { title: 'Python packaging', image: '/t.svg', content: '<p>pip and wheels</p>', position: 1 },
  ]);
});
afterAll(() => t.close());

const search = (text: string, who: TestUser | null = user) =>
  call(t.app, 'GET', `/api/search/${encodeURIComponent(text)}`, who ?? undefined);

async function found(text: string, who: TestUser = user): Promise<SearchResult> {
  const res = await search(text, who);
  expect(res.statusCode, res.body).toBe(200);
  return searchResult.strict().parse(res.json());
}

describe('GET /api/search/:text', () => {
  it('needs a signed-in user', async () => {
    const res = await search('python', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(anErrorBody());
  });

  it('ranks a title match above a body match, in courses and tutorials', async () => {
    const result = await found('python');
    expect(result.course.map((c) => c.title)).toEqual(['Python basics', 'Cooking for programmers']);
    expect(result.tutorial.map((c) => c.title)).toEqual(['Python packaging', 'Snake charming']);
    expect(result.course[0]).toEqual({
      _id: aString(),
      title: 'Python basics',
      description: '<p>Variables and loops</p>',
      cover: '/c.svg',
    });
    expect(result.tutorial[1]).toMatchObject({ image: '/t.svg', content: '<p>Pythonic idioms for python lovers</p>' });
  });

  it('matches the last word as a prefix, every word required', async () => {
    expect((await found('pyth')).course.map((c) => c.title)).toEqual(['Python basics', 'Cooking for programmers']);
    expect((await found('JavaScr')).course.map((c) => c.title)).toEqual(['Advanced JavaScript']);
    expect((await found('python loo')).course.map((c) => c.title)).toEqual(['Python basics']);
    expect((await found('python closures')).course).toEqual([]);
    // Only the last word is a prefix, and a word cut short is not a typo (it is more than one edit from 'python').
    expect((await found('pyth basics')).course).toEqual([]);
  });

  it('matches a partly typed word that runs past its stem', async () => {
    // 'variables' is stored as the stem 'variabl', 'loops' as 'loop': typing on must not lose them midway.
    for (const typed of ['variab', 'variabl', 'variable', 'variables', 'loo', 'loop', 'loops']) {
      expect(
        (await found(`python ${typed}`)).course.map((c) => c.title),
        typed,
      ).toEqual(['Python basics']);
    }
    expect((await found('Borrowi')).course.map((c) => c.title)).toEqual(['Rust ownership']);
  });

  it('matches words in the tag-stripped text and stems them', async () => {
    expect((await found('borrowing')).course.map((c) => c.title)).toEqual(['Rust ownership']);
    expect((await found('closure')).course.map((c) => c.title)).toEqual(['Advanced JavaScript']);
    expect((await found('code')).course).toEqual([]); // tag names are not text
  });

  it('puts a title match first even when more than a page of texts mention the word more often', async () => {
    await createCourses(t.database.db, [
      ...Array.from({ length: 30 }, (_, i) => ({
        title: `Gardening ${i}`,
        description: '<p>quokka quokka quokka quokka</p>',
        position: 100 + i,
      })),
      { title: 'All about the quokka', description: '<p>marsupials</p>', position: 200 },
    ]);
    const result = await found('quokka');
    expect(result.course).toHaveLength(20);
    expect(result.course[0].title).toBe('All about the quokka');
    expect(result.course.slice(1).every((c) => c.title.startsWith('Gardening'))).toBe(true);
  });

  it('forgives one edit in a word of 5 letters or more (added, dropped, changed, two swapped), as its correction ranks', async () => {
    const titles = (result: SearchResult) => result.course.map((c) => c.title);
    expect(await found('pyhton')).toEqual(await found('python'));
    expect(titles(await found('pyhton'))).toEqual(['Python basics', 'Cooking for programmers']);
    expect((await found('pyhton')).tutorial.map((c) => c.title)).toEqual(['Python packaging', 'Snake charming']);
    expect(titles(await found('javscript'))).toEqual(['Advanced JavaScript']);
    // Corrected before shortened: 'reactt' is 'react', where the shortened 'reac' would match 'Reaching' too.
    await createCourses(t.database.db, [{ title: 'Reaching goals' }]);
    expect(titles(await found('reactt'))).toEqual(['React hooks']);
    expect(titles(await found('Rust ownrship'))).toEqual(['Rust ownership']);
    expect(titles(await found('pythn loops'))).toEqual(['Python basics']); // the body's word stands, the title's is fixed
    // Exact words keep their ranking (the correction runs only when the words match nothing).
    expect(titles(await found('python'))).toEqual(['Python basics', 'Cooking for programmers']);
    // Two edits, a short word, or nothing alike: still nothing.
    expect(await found('pyhtno')).toEqual({ course: [], tutorial: [] });
    expect(await found('rusy')).toEqual({ course: [], tutorial: [] });
    expect(await found('qqqqzzzz')).toEqual({ course: [], tutorial: [] });
  });

  it('answers a long text at once', async () => {
    const res = await search('x'.repeat(2_000));
    expect(res.statusCode).toBe(200);
  });

  it('answers at most 20 of each', async () => {
    const result = await found('zebra');
    expect(result.course).toHaveLength(20);
  });

  it.each(['!!!', '   ', '&|!()<->:*', '"', "'", '\\', 'the', 'and or not', '💥🔥', '%'])(
    'answers an empty result for %j (no searchable word)',
    async (text) => {
      expect(await found(text)).toEqual({ course: [], tutorial: [] });
    },
  );

  it('refuses a NUL character with a 400 naming it, as in any text input', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/search/${encodeURIComponent('a\u0000b')}` });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/NUL character/);
  });

  it.each([
    "python' or '1'='1",
    'python & | ! ( ) : * <-> <2>',
    'python:* | rust',
    "pyth\\'on",
    'python\\',
    '"python basics"',
    '(python',
    'python)',
    '!python',
    'python <-> basics',
    "'); drop table courses; --",
    'pyt%20hon',
    '日本語 python',
    'naïve café',
    'x'.repeat(64) + 'python',
    'a b c d e f g h i j k l m n o p q r s t u v w x y z python',
  ])('treats the hostile text %j as words, never as syntax', async (text) => {
    const res = await search(text);
    expect(res.statusCode).toBe(200);
    searchResult.parse(res.json());
  });

  it('answers 200 for 2,000 characters and 400 for 2,001', async () => {
    const words = Array.from({ length: 400 }, (_, i) => `w${i}`).join(' ');
    const atLimit = `${words} python`.slice(0, 2000).padEnd(2000, 'y');
    expect((await search(atLimit)).statusCode).toBe(200);
    expect((await search(`"'\\&|`.repeat(400))).statusCode).toBe(200);
    const over = await search('p'.repeat(2001));
    expect(over.statusCode).toBe(400);
    expect(over.json<ErrorBody>().error).toMatch(/2000|2,000/);
  });

  it('answers a 4xx, never a 500, for malformed percent-encoding', async () => {
    for (const raw of ['%E0%A4%A', '%ZZ', '%', '%00python', '%F0%9F%92%A5']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/search/${raw}`,
        headers: { 'auth-token': user.token },
      });
      expect(res.statusCode, raw).toBeLessThan(500);
    }
  });

  it('survives random Unicode text', async () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const fuzzUser = await createUser(t.database.db);
    for (let i = 0; i < 40; i++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 40) }, () => {
        const cp = random() < 0.5 ? 32 + Math.floor(random() * 400) : Math.floor(random() * 0xffff);
        // Lone surrogates cannot travel in a URL; the rest of the BMP can.
        return String.fromCharCode(cp >= 0xd800 && cp <= 0xdfff ? cp - 0x1000 : cp);
      }).join('');
      const res = await search(text, fuzzUser);
      expect(res.statusCode, JSON.stringify(text)).toBeLessThan(500);
    }
  });
});

describe('the search statement', () => {
  const answer = async (text: string, fallback?: Fallback) => {
    const query = prefixQuery(text);
    if (!query) throw new Error(`no searchable word in ${text}`);
    const rows = await rowsOf<{ attempt: number; kind: string; title: string }>(
      t.database.db,
      searchStatement(query, fallback),
    );
    return rows.map((row) => `${row.attempt} ${row.kind}: ${row.title}`);
  };

  it('runs the fallback only when the words as typed found nothing, in the same statement', async () => {
    // 'ownership' shortened is 'owners', which would answer the same course again, as attempt 1.
    expect(await answer('ownership', { forgiven: ['ownership'] })).toEqual(['0 course: Rust ownership']);
    // 'rusty' matches nothing; shortened, it is 'rust'.
    expect(await answer('rusty', { forgiven: null })).toEqual(['1 course: Rust ownership']);
    expect(await answer('rusty')).toEqual([]);
    expect(await answer('pyhton', { forgiven: ['pyhton'] })).toEqual([
      '1 course: Python basics',
      '1 course: Cooking for programmers',
      '1 tutorial: Python packaging',
      '1 tutorial: Snake charming',
    ]);
    // A word not forgiven is not corrected, and 'pyhton' shortened ('pyht') matches nothing.
    expect(await answer('pyhton', { forgiven: null })).toEqual([]);
  });
});

describe('the dictionary of published title words', () => {
  let admin: TestUser;
  let reader: TestUser;
  beforeAll(async () => {
    admin = await createUser(t.database.db, { role: 'admin' });
    reader = await createUser(t.database.db);
  });
  const studio = async <T>(method: Method, url: string, body?: object): Promise<T> => {
    const res = await call(t.app, method, url, admin, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const titles = async (text: string) => {
    const result = await found(text, reader);
    return [...result.course, ...result.tutorial].map((item) => item.title);
  };
  const known = async (word: string) =>
    (await t.database.db.select().from(dictionary).where(eq(dictionary.word, word)))[0]?.titles ?? 0;

  it('never holds a word only a draft has, and a correction never shows a draft', async () => {
    await createCourses(t.database.db, [
      { title: 'Haskell monads', status: 'draft' },
      { title: 'Elixir processes' },
      { title: 'Elixir macros', status: 'draft' },
    ]);
    expect(await known('haskell')).toBe(0);
    expect(await titles('haskel')).toEqual([]);
    expect(await titles('haskell')).toEqual([]);
    expect(await known('elixir')).toBe(1);
    expect(await titles('elixirr')).toEqual(['Elixir processes']);
    expect(await titles('elixir macross')).toEqual([]);
  });

  it('follows a course through the Studio: published, renamed by Update, unpublished, deleted', async () => {
    const path = '/api/studio/courses';
    let course = await studio<StudioCourse>('POST', path, {
      title: 'Kotlin coroutines',
      description: '<p>Suspending functions</p>',
      cover: '/media/uploads/cover.png',
    });
    expect(await titles('kotlinn')).toEqual([]);
    course = await studio('PATCH', `${path}/${course._id}`, { status: 'published', version: course.version });
    expect(await titles('kotlinn')).toEqual(['Kotlin coroutines']);
    // A rename waits in the working copy until Update: readers keep the live title, and so does the dictionary.
    course = await studio('PATCH', `${path}/${course._id}`, { title: 'Kotlin flows', version: course.version });
    expect(await titles('coroutnes')).toEqual(['Kotlin coroutines']);
    expect(await known('flows')).toBe(0);
    course = await studio('POST', `${path}/${course._id}/update`, { version: course.version });
    expect(await titles('coroutnes')).toEqual([]);
    expect(await known('coroutines')).toBe(0);
    expect(await titles('flowss')).toEqual(['Kotlin flows']);
    course = await studio('PATCH', `${path}/${course._id}`, { status: 'draft', version: course.version });
    expect(await titles('flowss')).toEqual([]);
    expect(await known('kotlin')).toBe(0);
    course = await studio('PATCH', `${path}/${course._id}`, { status: 'published', version: course.version });
    expect(await titles('flowss')).toEqual(['Kotlin flows']);
    await studio('DELETE', `${path}/${course._id}`);
    expect(await titles('flowss')).toEqual([]);
    expect(await known('flows')).toBe(0);
  });

  it('counts a word once per title holding it, across courses and tutorials', async () => {
    await createCourses(t.database.db, [{ title: 'Scala scala' }, { title: 'Scala actors' }]);
    await createTutorials(t.database.db, [{ title: 'Scala implicits' }]);
    expect(await known('scala')).toBe(3);
  });
});

describe('prefixTsquery', () => {
  it('keeps letters and digits of each word, joins them with &, prefixes the last', () => {
    expect(prefixTsquery("Node.js & C++ 'intro'")).toBe('nodejs & c & intro:*');
    expect(titleTsqueryOf({ head: ['c', 'intro'], last: 'tuto' })).toBe('c:A & intro:A & tuto:*A');
    expect(prefixTsquery('  ')).toBeNull();
    expect(prefixTsquery('::: *** !!!')).toBeNull();
    expect(searchWords('ÉCOLE straße 42')).toEqual(['école', 'straße', '42']);
  });

  it('forgives only words of 5 to 24 letters, in a text of at most 4 words', () => {
    expect(typoWords(['a', 'b', 'c', 'd', 'python'])).toBeNull();
    expect(typoWords(['rust', 'ownrship', 'x'.repeat(25)])).toEqual(['ownrship']);
    expect(typoWords(['rust'])).toBeNull();
  });

  it('bounds the number and length of words', () => {
    expect(searchWords('a '.repeat(100))).toHaveLength(16);
    expect(searchWords('b'.repeat(1000))[0]).toHaveLength(64);
  });
});
