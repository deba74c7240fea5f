import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bug, bugList, comment, solution, type Bug, type Comment } from '../../../shared/contract';
import { bugComments, users } from '../../db/schema';
import { createBugs, createUser, type TestUser } from '../../test/factories';
import { authHeaders, callerOf } from '../../test/kit';
import { anErrorBody, type ErrorBody } from '../../test/matchers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { BUGS_MAX } from './bug-list.service';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.database.db, { name: 'Alice Author' });
  bob = await createUser(t.database.db, { name: 'Bobby Other' });
});
afterAll(() => t.close());

const call = callerOf(() => t.app);

async function addBug(user: TestUser, title = 'Null pointer', description = '<p>It crashes</p>'): Promise<Bug> {
  const res = await call('POST', '/api/bug/addbug', user, { title, description });
  expect(res.statusCode, res.body).toBe(200);
  return bug.strict().parse(res.json());
}
async function addSolution(user: TestUser, bugId: string, content = '<p>Check for null</p>'): Promise<Comment> {
  const res = await call('POST', '/api/bug/addcomment', user, { bug: bugId, content });
  expect(res.statusCode, res.body).toBe(200);
  return solution.strict().parse(res.json());
}
const solutionIds = async (bugId: string) =>
  (await call('POST', '/api/bug/getcomment', undefined, { bug: bugId })).json<Comment[]>().map((s) => s._id);

describe('POST /api/bug/addbug', () => {
  it('answers the new bug: plain-text title, sanitized description, the author', async () => {
    const created = await addBug(
      alice,
      '  <b>Crash</b> in <script>x</script>parser &amp; lexer ',
      '<p onclick="alert(1)">Steps</p><pre><code class="language-js">a &lt; b</code></pre><iframe src="https://evil.example"></iframe>',
    );
    expect(created.title).toBe('Crash in parser & lexer');
    // Stored sanitized; answered with the code block highlighted (decision 0017): same text, token spans added.
    expect(created.description.replace(/<\/?span[^>]*>/g, '')).toBe(
      '<p>Steps</p><pre><code class="language-javascript">a &lt; b</code></pre>',
    );
    expect(created.user).toEqual({ _id: alice.id, name: 'Alice Author', profilePublic: false });
  });

  it('answers 401 without a valid token', async () => {
    expect((await call('POST', '/api/bug/addbug', undefined, { title: 't', description: '<p>d</p>' })).statusCode).toBe(
      401,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bug/addbug',
      headers: { 'auth-token': 'x'.repeat(43) },
      payload: { title: 't', description: '<p>d</p>' },
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ description: '<p>d</p>' }, /title/],
    [{ title: '', description: '<p>d</p>' }, /title/],
    [{ title: '   ', description: '<p>d</p>' }, /title/],
    [{ title: '<img src=x onerror=alert(1)>', description: '<p>d</p>' }, /title/],
    [{ title: 'x'.repeat(201), description: '<p>d</p>' }, /title/],
    [{ title: 7, description: '<p>d</p>' }, /title/],
    [{ title: 't' }, /description/],
    [{ title: 't', description: '' }, /description/],
    [{ title: 't', description: '<script>alert(1)</script>' }, /description/],
    [{ title: 't', description: 'd'.repeat(20_001) }, /content|description/],
    [{ title: 't', description: { html: 'x' } }, /description/],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const res = await call('POST', '/api/bug/addbug', alice, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error).toMatch(field);
  });

  it('accepts a 200-character title', async () => {
    const created = await addBug(alice, 'T'.repeat(200));
    expect(created.title).toHaveLength(200);
  });
});

describe('GET /api/bug/getbug', () => {
  it("splits the caller's bugs from everyone else's, newest first", async () => {
    const a1 = await addBug(alice, 'alice one');
    const b1 = await addBug(bob, 'bob one');
    const a2 = await addBug(alice, 'alice two');
    const res = await call('GET', '/api/bug/getbug', alice);
    expect(res.statusCode).toBe(200);
    const body = bugList.strict().parse(res.json());
    const mine = body.userBugs.map((b) => b._id);
    expect(mine.indexOf(a2._id)).toBeLessThan(mine.indexOf(a1._id));
    expect(mine[0]).toBe(a2._id);
    expect(body.userBugs.every((b) => b.user?._id === alice.id)).toBe(true);
    expect(body.otherBugs.map((b) => b._id)).toContain(b1._id);
    expect(body.otherBugs.every((b) => b.user?._id !== alice.id)).toBe(true);

    const asBob = bugList.parse((await call('GET', '/api/bug/getbug', bob)).json());
    expect(asBob.userBugs.map((b) => b._id)).toEqual([b1._id]);
    expect(asBob.otherBugs.map((b) => b._id)).toContain(a2._id);
  });

  it('answers 401 without a token', async () => {
    const res = await call('GET', '/api/bug/getbug');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(anErrorBody());
  });
});

describe('GET /api/bug/getBugDetail/:id', () => {
  it('answers [bug] with its author', async () => {
    const created = await addBug(bob, 'detail me');
    const res = await call('GET', `/api/bug/getBugDetail/${created._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([created]);
  });

  it('answers user null when the author account is gone; nobody may delete it', async () => {
    const leaving = await createUser(t.database.db, { name: 'Gone Person' });
    const orphan = await addBug(leaving, 'orphan');
    await t.database.db.delete(users).where(eq(users.id, leaving.id));
    const detail = (await call('GET', `/api/bug/getBugDetail/${orphan._id}`)).json<Bug[]>();
    expect(detail[0].user).toBeNull();
    const list = bugList.parse((await call('GET', '/api/bug/getbug', alice)).json());
    expect(list.otherBugs.find((b) => b._id === orphan._id)?.user).toBeNull();
    expect((await call('DELETE', `/api/bug/deletebug/${orphan._id}`, alice)).statusCode).toBe(403);
  });

  it.each([UNKNOWN, 'nope', '1%27%20or%20%271%27%3D%271', 'a'.repeat(100)])('answers 404 for %s', async (id) => {
    const res = await call('GET', `/api/bug/getBugDetail/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(anErrorBody());
  });
});

describe('DELETE /api/bug/deletebug/:id', () => {
  it('lets only the author delete, and the solutions go with the bug', async () => {
    const target = await addBug(alice, 'to delete');
    const solution = await addSolution(bob, target._id);
    expect((await call('DELETE', `/api/bug/deletebug/${target._id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/bug/deletebug/${target._id}`, bob)).statusCode).toBe(403);
    expect((await call('GET', `/api/bug/getBugDetail/${target._id}`)).statusCode).toBe(200);

    const res = await call('DELETE', `/api/bug/deletebug/${target._id}`, alice);
    expect(res.statusCode).toBe(200);
    expect(bug.strict().parse(res.json())._id).toBe(target._id);
    expect((await call('GET', `/api/bug/getBugDetail/${target._id}`)).statusCode).toBe(404);
    const left = await t.database.db.select().from(bugComments).where(eq(bugComments.id, solution._id));
    expect(left).toEqual([]);
    expect((await call('DELETE', `/api/bug/deletebug/${target._id}`, alice)).statusCode).toBe(404);
  });

  it.each([UNKNOWN, 'nope', 'a'.repeat(100)])('answers 404 for %s', async (id) => {
    expect((await call('DELETE', `/api/bug/deletebug/${id}`, alice)).statusCode).toBe(404);
  });
});

describe('solutions: POST /api/bug/addcomment, POST /api/bug/getcomment, DELETE /api/bug/deletecomment/:id', () => {
  it('adds a sanitized solution with its author and lists them newest first', async () => {
    const target = await addBug(alice, 'needs solutions');
    const first = await addSolution(bob, target._id, '<p>first <a href="javascript:alert(1)">x</a></p>');
    expect(first.content).toBe('<p>first <a rel="nofollow ugc noopener">x</a></p>');
    expect(first.user).toEqual({ _id: bob.id, name: 'Bobby Other', profilePublic: false });
    const second = await addSolution(alice, target._id, '<p>second</p>');
    const res = await call('POST', '/api/bug/getcomment', undefined, { bug: target._id });
    expect(res.statusCode).toBe(200);
    const body = res.json<Comment[]>();
    for (const s of body) solution.strict().parse(s);
    expect(body.map((s) => s._id)).toEqual([second._id, first._id]);
  });

  it('answers [] for a bug without solutions, 404 for an unknown or malformed bug, 400 for a wrong type', async () => {
    const target = await addBug(alice, 'lonely');
    expect((await call('POST', '/api/bug/getcomment', undefined, { bug: target._id })).json()).toEqual([]);
    for (const id of [UNKNOWN, 'nope']) {
      expect((await call('POST', '/api/bug/getcomment', undefined, { bug: id })).statusCode).toBe(404);
      expect((await call('POST', '/api/bug/addcomment', alice, { bug: id, content: '<p>x</p>' })).statusCode).toBe(404);
    }
    expect((await call('POST', '/api/bug/getcomment', undefined, { bug: ['x'] })).statusCode).toBe(400);
    expect((await call('POST', '/api/bug/getcomment', undefined, {})).statusCode).toBe(400);
  });

  it('answers 401 without a token and 400 for empty content', async () => {
    const target = await addBug(alice, 'guarded');
    expect(
      (await call('POST', '/api/bug/addcomment', undefined, { bug: target._id, content: '<p>x</p>' })).statusCode,
    ).toBe(401);
    for (const content of ['', '<p> </p>', '<svg onload=alert(1)></svg>']) {
      const res = await call('POST', '/api/bug/addcomment', alice, { bug: target._id, content });
      expect(res.statusCode, content).toBe(400);
      expect(res.json<ErrorBody>().error).toMatch(/content/);
    }
    expect((await call('POST', '/api/bug/addcomment', alice, { bug: target._id })).statusCode).toBe(400);
  });

  it('lets only the author delete a solution: no token 401, another user 403 (even the bug owner), the author 200', async () => {
    const target = await addBug(alice, 'owned by alice');
    const bobs = await addSolution(bob, target._id);
    const url = `/api/bug/deletecomment/${bobs._id}`;
    expect((await call('DELETE', url)).statusCode).toBe(401);
    expect((await call('DELETE', url, alice)).statusCode).toBe(403);
    expect(await solutionIds(target._id)).toContain(bobs._id);
    const res = await call('DELETE', url, bob);
    expect(res.statusCode).toBe(200);
    expect(comment.strict().parse(res.json())._id).toBe(bobs._id);
    expect(await solutionIds(target._id)).not.toContain(bobs._id);
    expect((await call('DELETE', url, bob)).statusCode).toBe(404);
    for (const id of [UNKNOWN, 'nope'])
      expect((await call('DELETE', `/api/bug/deletecomment/${id}`, bob)).statusCode).toBe(404);
  });
});

describe('hostile input never causes a 500', () => {
  const weird = [
    null,
    true,
    0,
    -1,
    1e308,
    '',
    ' ',
    '\u0000',
    '\ud800',
    '💥'.repeat(1000),
    '<'.repeat(5000),
    '&#0;&#xD800;',
    '{"$ne":null}',
    ['a'],
    { $gt: '' },
    'x'.repeat(20_000),
    "'; drop table bugs; --",
  ];
  const routes: [string, string, (v: unknown) => unknown][] = [
    ['POST', '/api/bug/addbug', (v) => ({ title: v, description: v })],
    ['POST', '/api/bug/addbug', (v) => ({ title: 'ok', description: v })],
    ['POST', '/api/bug/addcomment', (v) => ({ bug: v, content: v })],
    ['POST', '/api/bug/getcomment', (v) => ({ bug: v })],
    ['POST', '/api/lession/addcomment', (v) => ({ lession: v, content: v })],
    ['POST', '/api/lession/getcomment', (v) => ({ lession: v })],
  ];
  it('answers a JSON 2xx or 4xx for every weird value on every write and list route', async () => {
    for (const [method, url, body] of routes) {
      // A fresh user per route keeps the write rate limit (429) from hiding an answer.
      const user = await createUser(t.database.db);
      for (const value of weird) {
        const res = await call(method as 'POST', url, user, body(value));
        expect(res.statusCode).not.toBe(429);
        expect(res.statusCode, `${url} ${JSON.stringify(value)?.slice(0, 40)}`).toBeLessThan(500);
        expect(res.headers['content-type']).toMatch(/application\/json/);
      }
    }
  });

  it('answers 4xx for weird ids in paths', async () => {
    for (const id of ['%00', '%ZZ', '..%2F..%2F', '%E0%A4%A', 'x'.repeat(5000), '\u00e9', '%F0%9F%92%A5']) {
      for (const [method, url] of [
        ['GET', `/api/bug/getBugDetail/${id}`],
        ['DELETE', `/api/bug/deletebug/${id}`],
        ['DELETE', `/api/bug/deletecomment/${id}`],
        ['DELETE', `/api/lession/deletecomment/${id}`],
      ]) {
        const res = await t.app.inject({ method: method as 'GET', url, headers: authHeaders(alice) });
        expect(res.statusCode, `${method} ${url.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url.slice(0, 60)}`).toBeLessThan(500);
      }
    }
  });
});

// Last: the bulk rows it inserts are the newest in this file's database.
describe('list caps', () => {
  it(`caps each list at ${BUGS_MAX}, the newest`, async () => {
    const crowd = await createUser(t.database.db);
    const base = Date.now() + 1_000_000; // newer than everything else in this file
    await createBugs(
      t.database.db,
      Array.from({ length: BUGS_MAX + 3 }, (_, i) => ({
        userId: crowd.id,
        title: `bulk ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const mine = bugList.parse((await call('GET', '/api/bug/getbug', crowd)).json());
    expect(mine.userBugs).toHaveLength(BUGS_MAX);
    expect(mine.userBugs[0].title).toBe(`bulk ${BUGS_MAX + 2}`);
    const theirs = bugList.parse((await call('GET', '/api/bug/getbug', alice)).json());
    expect(theirs.otherBugs).toHaveLength(BUGS_MAX);
    expect(theirs.otherBugs[0].title).toBe(`bulk ${BUGS_MAX + 2}`);
  });
});
