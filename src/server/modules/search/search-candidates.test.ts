// A title tier ranks a bounded number of candidates: the first title matches the table yields (in the order its rows
// were written, on a table this size), not every match. A text of one letter alone ranks fewer of them than any
// other text (docs/decisions/0069): it matches so many titles that its candidates are a sample whatever their number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResult } from '../../../shared/contract';
import { createCourses, createUser, type TestUser } from '../../test/factories';
import { call } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CANDIDATES, LETTER_TITLE_CANDIDATES } from './search.service';

let t: TestApp;
let user: TestUser;
/** Title matches written first: more than a letter alone ranks, fewer than any other text ranks. */
const ORDINARY = 210;
/** Written after them, and better ranked than all of them. */
const BEST = 'Plain plain plain planning';

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.database.db);
  const ordinary = Array.from({ length: ORDINARY }, (_, i) => ({
    title: `Plain topic ${i}`,
    description: '<p>About things</p>',
  }));
  await createCourses(t.database.db, [...ordinary, { title: BEST, description: '<p>About things</p>' }]);
});
afterAll(() => t.close());

async function courseTitles(text: string): Promise<string[]> {
  const res = await call(t.app, 'GET', `/api/search/${encodeURIComponent(text)}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return searchResult
    .strict()
    .parse(res.json())
    .course.map((c) => c.title);
}

describe('title candidates', () => {
  it('ranks every title match while they are fewer than the cap', async () => {
    expect(ORDINARY + 1).toBeLessThan(CANDIDATES.title);
    const titles = await courseTitles('pl');
    expect(titles).toHaveLength(20);
    expect(titles[0]).toBe(BEST);
  });

  it('ranks only the first title matches for one letter alone', async () => {
    expect(LETTER_TITLE_CANDIDATES).toBeLessThan(ORDINARY);
    const titles = await courseTitles('p');
    expect(titles).toHaveLength(20);
    expect(titles).not.toContain(BEST);
    expect(titles.every((title) => /^Plain topic \d+$/.test(title) || !title.startsWith('Plain'))).toBe(true);
  });

  it('ranks every title match again once a word comes before the letter', async () => {
    expect((await courseTitles('plain p'))[0]).toBe(BEST);
  });
});
