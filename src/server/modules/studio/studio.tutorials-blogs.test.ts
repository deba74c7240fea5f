// Studio tutorials and blog posts: the same five calls as courses, versions, the author-owns rule, publishing
// an empty body, unknown ids, and a post's date as its first publish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog } from '../../../shared/contract';
import {
  type AuditEntry,
  studioBlog,
  type StudioBlog,
  studioTutorial,
  type StudioTutorial,
} from '../../../shared/studio';
import type { TestUser } from '../../test/factories';
import { call, errorOf, type Method } from '../../test/kit';
import type { TestApp } from '../../test/test-app';
import { BAD_IDS, blogBody, postBlog, postTutorial, studioTestApp, tutorialBody } from './studio-test-kit';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ({ t, admin, alice, bob } = await studioTestApp());
});
afterAll(() => t.close());

const studio = (method: Method, url: string, user: TestUser, payload?: object) =>
  call(t.app, method, url, user, payload);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Overrides = { content?: string; status?: 'draft' | 'published' };

const KINDS = [
  {
    kind: 'tutorials',
    schema: studioTutorial,
    make: (user: TestUser, overrides: Overrides = {}) => postTutorial(t.app, user, overrides),
    body: tutorialBody,
    badMedia: { image: 'javascript:alert(1)' },
    badMediaField: /image/,
    entity: 'tutorial',
  },
  {
    kind: 'blogs',
    schema: studioBlog,
    make: (user: TestUser, overrides: Overrides = {}) => postBlog(t.app, user, overrides),
    body: blogBody,
    badMedia: { title: 'x'.repeat(201) },
    badMediaField: /title/,
    entity: 'blog',
  },
] as const;

describe.each(KINDS)('/api/studio/$kind', ({ kind, schema, make, body, badMedia, badMediaField, entity }) => {
  it('creates a draft at version 1 by its author, sanitized, and lists it with the others', async () => {
    const res = await studio('POST', `/api/studio/${kind}`, alice, {
      ...body(),
      title: '<i>Hello</i> world',
      content:
        '<p>ok<img src=x onerror=alert(1)><img src="https://img.example/a.png"></p><pre><code class="language-ts">x</code></pre>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = schema.strict().parse(res.json());
    expect(item).toMatchObject({
      title: 'Hello world',
      content: '<p>ok<img src="https://img.example/a.png" /></p><pre><code class="language-ts">x</code></pre>',
      status: 'draft',
      version: 1,
      author: { _id: alice.id, name: 'Alice Author' },
    });
    const list = (await studio('GET', `/api/studio/${kind}`, bob)).json<{ _id: string }[]>();
    expect(list.some((other) => other._id === item._id)).toBe(true);
    expect((await studio('GET', `/api/studio/${kind}/${item._id}`, bob)).json()).toEqual(item);
  });

  it('answers 400 naming the field for bad bodies', async () => {
    for (const [payload, message] of [
      [{ ...body(), title: '' }, /title is required/],
      [{ ...body(), content: 'x'.repeat(100_001) }, /content must be at most/],
      [{ ...body(), status: 'scheduled' }, /status/],
      [{ ...body(), ...badMedia }, badMediaField],
    ] as const) {
      const res = await studio('POST', `/api/studio/${kind}`, alice, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(errorOf(res)).toMatch(message);
    }
  });

  it('bumps the version on each save; a stale save gets 409 and changes nothing', async () => {
    const item = await make(alice);
    const saved = await studio('PATCH', `/api/studio/${kind}/${item._id}`, alice, { title: 'Saved', version: 1 });
    expect(saved.json<{ version: number }>().version).toBe(2);
    const before = (await studio('GET', `/api/studio/${kind}/${item._id}`, alice)).json<unknown>();
    const stale = await studio('PATCH', `/api/studio/${kind}/${item._id}`, alice, {
      content: '<p>lost</p>',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatch(/Someone else changed this .*version 2/);
    expect((await studio('GET', `/api/studio/${kind}/${item._id}`, alice)).json()).toEqual(before);
  });

  it('refuses to publish an empty body (400), and allows an empty draft', async () => {
    const item = await make(alice, { content: '<p></p>' });
    const res = await studio('PATCH', `/api/studio/${kind}/${item._id}`, alice, { status: 'published', version: 1 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(/content is empty/);
  });

  it('lets only the author or an admin change or delete an item (403 naming why)', async () => {
    const item = await make(alice);
    for (const res of [
      await studio('PATCH', `/api/studio/${kind}/${item._id}`, bob, { status: 'published', version: 1 }),
      await studio('DELETE', `/api/studio/${kind}/${item._id}`, bob),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toMatch(/Only its author or an admin/);
    }
    const byAdmin = await studio('PATCH', `/api/studio/${kind}/${item._id}`, admin, {
      status: 'published',
      version: 1,
    });
    expect(byAdmin.statusCode).toBe(200);
    const deleted = await studio('DELETE', `/api/studio/${kind}/${item._id}`, alice);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<{ _id: string }>()._id).toBe(item._id);
    expect((await studio('GET', `/api/studio/${kind}/${item._id}`, alice)).statusCode).toBe(404);
    const audit = (await studio('GET', '/api/studio/audit', admin))
      .json<AuditEntry[]>()
      .filter((entry) => entry.entityId === item._id);
    expect(audit.map((e) => [e.action, e.entity, e.actor?._id])).toEqual([
      ['delete', entity, alice.id],
      ['publish', entity, admin.id],
      ['create', entity, alice.id],
    ]);
  });

  it.each(BAD_IDS)('answers 404 JSON for the id %s on GET, PATCH and DELETE', async (id) => {
    const url = `/api/studio/${kind}/${encodeURIComponent(id)}`;
    for (const res of [
      await studio('GET', url, admin),
      await studio('PATCH', url, admin, { title: 'x', version: 1 }),
      await studio('DELETE', url, admin),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(errorOf(res)).toMatch(/not found/);
    }
  });
});

describe('a blog post’s date', () => {
  it('is null until the first publish, set then, and kept through unpublish and republish', async () => {
    const post = await postBlog(t.app, alice);
    expect(post.date).toBeNull();
    const patch = (payload: object) => studio('PATCH', `/api/studio/blogs/${post._id}`, alice, payload);
    const published = (await patch({ status: 'published', version: 1 })).json<StudioBlog>();
    expect(published.date).not.toBeNull();
    const firstDate = published.date;
    await sleep(20);
    expect((await patch({ status: 'draft', version: 2 })).json<StudioBlog>().date).toBe(firstDate);
    await sleep(20);
    const republished = (await patch({ status: 'published', title: 'Back', version: 3 })).json<StudioBlog>();
    expect(republished.date).toBe(firstDate);
    const publicPost = (await call(t.app, 'GET', `/api/blog/getBlogDetail/${post._id}`)).json<Blog[]>()[0];
    expect(publicPost.date).toBe(firstDate);
  });

  it('is set at creation for a post created published', async () => {
    const post = await postBlog(t.app, alice, { status: 'published' });
    expect(post.date).not.toBeNull();
    expect(Math.abs(Date.parse(post.date ?? '') - Date.now())).toBeLessThan(60_000);
  });

  it('orders the Studio list newest first, drafts by when they were created', async () => {
    const older = await postBlog(t.app, alice, { status: 'published' });
    await sleep(5);
    const draft = await postBlog(t.app, alice);
    const list = (await studio('GET', '/api/studio/blogs', alice)).json<StudioBlog[]>().map((p) => p._id);
    expect(list.indexOf(draft._id)).toBeLessThan(list.indexOf(older._id));
  });
});

describe('tutorials', () => {
  it('join the end of the catalogue', async () => {
    const first = await postTutorial(t.app, alice, { status: 'published' });
    const second = await postTutorial(t.app, alice, { status: 'published' });
    const list = (await studio('GET', '/api/studio/tutorials', alice)).json<StudioTutorial[]>().map((x) => x._id);
    expect(list.slice(-2)).toEqual([first._id, second._id]);
    const publicList = (await call(t.app, 'GET', '/api/tutorial/getTutorial')).json<{ _id: string }[]>();
    expect(publicList.slice(-2).map((x) => x._id)).toEqual([first._id, second._id]);
  });
});
