import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Tutorial, tutorial } from '../../../shared/contract';
import { seedDemoContent } from '../../db/seed/seed';
import { fixtureContent } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoContent(t.database.db, fixtureContent);
});
afterAll(() => t.close());

describe('tutorials', () => {
  it('lists tutorials in order and answers one as a one-item array', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/tutorial/getTutorial' });
    expect(list.statusCode).toBe(200);
    const items = list.json<unknown[]>().map((x) => tutorial.strict().parse(x));
    expect(items.map((x) => x.title)).toEqual(['Tutorial One', 'Tutorial Two']);

    const detail = await t.app.inject({ method: 'GET', url: `/api/tutorial/getTutorialDetail/${items[0]._id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual([items[0]]);
    expect(detail.json<Tutorial[]>()[0].content).toContain('<pre><code>x &lt; 1</code></pre>');
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'abc', '<script>'])('answers 404 for %s', async (id) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/tutorial/getTutorialDetail/${encodeURIComponent(id)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('error');
  });
});
