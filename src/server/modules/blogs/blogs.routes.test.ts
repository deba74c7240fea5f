import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Blog, blog } from '../../../shared/contract';
import { seedDemoContent } from '../../db/seed/seed';
import { fixtureContent } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoContent(t.database.db, fixtureContent);
});
afterAll(() => t.close());

describe('blogs', () => {
  it('lists posts newest first with ISO dates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blog/getBlog' });
    expect(res.statusCode).toBe(200);
    const posts = res.json<unknown[]>().map((x) => blog.strict().parse(x));
    expect(posts.map((p) => p.title)).toEqual(['Newest post', 'Middle post', 'Older post']);
    expect(posts[0].date.slice(0, 10)).toBe('2023-06-30');
  });

  it('answers one post as a one-item array, and 404 for unknown or malformed ids', async () => {
    const posts = (await t.app.inject({ method: 'GET', url: '/api/blog/getBlog' })).json<Blog[]>();
    const one = await t.app.inject({ method: 'GET', url: `/api/blog/getBlogDetail/${posts[1]._id}` });
    expect(one.json()).toEqual([posts[1]]);
    for (const id of ['00000000-0000-4000-8000-000000000000', '12', 'DROP TABLE blogs']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/blog/getBlogDetail/${encodeURIComponent(id)}` });
      expect(res.statusCode).toBe(404);
    }
  });
});
