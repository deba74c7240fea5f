// A published item changes for readers only on 'Update': Studio saves of it go into its working copy, which Update
// publishes and Discard drops; every Update and Publish keeps a revision (the newest 50), any of which can be
// restored into the working copy; drafts and working copies can be previewed by their author and admins, and by
// anyone holding a preview link until it expires or is revoked; previews are never cached nor indexed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog, CourseWithLessons, LessonPage, SearchResult, Tutorial } from '../../../shared/contract';
import type { StudioBlog, StudioCourse, StudioLesson, StudioTutorial } from '../../../shared/studio';
import { PREVIEW_LINK_TTL_MS, type PreviewLink, type RevisionList } from '../../../shared/studio-revisions';
import { createPageRenderer } from '../../../web/entry-server';
import { createUser, type TestUser } from '../../test/factories';
import { call, errorOf } from '../../test/kit';
import { createRenderingTestApp } from '../../test/rendering-test-app';
import type { TestApp } from '../../test/test-app';
import { addLesson, postBlog, postCourse, postTutorial } from './studio-test-kit';

const SITE = 'https://devcourses.example';
/** One unusual word in every title, so search and the lists find exactly these items. */
const WORD = 'Wombatquill';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let reader: TestUser;
/** The preview links' clock: tests move it past a link's expiry. */
let clock = Date.now();

beforeAll(async () => {
  t = await createRenderingTestApp(createPageRenderer, { config: { publicUrl: SITE }, studio: { now: () => clock } });
  admin = await createUser(t.database.db, { name: 'Ada Admin', role: 'admin' });
  alice = await createUser(t.database.db, { name: 'Alice Author', role: 'author' });
  bob = await createUser(t.database.db, { name: 'Bob Author', role: 'author' });
  reader = await createUser(t.database.db);
});
afterAll(() => t.close());

const get = (url: string, user?: TestUser) => call(t.app, 'GET', url, user);
const ok = async <T>(res: Promise<{ statusCode: number; body: string; json: <U>() => U }>): Promise<T> => {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<T>();
};
const patch = <T>(kind: string, id: string, user: TestUser, body: object) =>
  ok<T>(call(t.app, 'PATCH', `/api/studio/${kind}/${id}`, user, body));
const action = (kind: string, id: string, what: string, user: TestUser = alice, body?: object) =>
  call(t.app, 'POST', `/api/studio/${kind}/${id}/${what}`, user, body);

/** A published post by Alice with this text. */
async function publishedPost(content: string) {
  const post = await postBlog(t.app, alice, { title: `${WORD} post ${content}`, content: `<p>${content}</p>` });
  return patch<StudioBlog>('blogs', post._id, alice, { status: 'published', version: post.version });
}

/** Everything a reader sees of a post: detail, list, RSS, sitemap and the rendered page. */
async function readerSeesPost(id: string) {
  const [detail] = (await get(`/api/blog/getBlogDetail/${id}`)).json<Blog[]>();
  const list = (await get('/api/blog/getBlog')).json<Blog[]>().find((item) => item._id === id);
  const rss = (await get('/rss.xml')).body;
  const page = (await get(`/blog/${id}`)).body;
  return { detail: detail.content, list: list?.content, rss, page, title: detail.title };
}

describe('a published blog post', () => {
  it('keeps serving its published version to readers while the Studio saves a working copy, until Update', async () => {
    const post = await publishedPost('Old words');
    expect(post).toMatchObject({ hasChanges: false, published: { title: post.title } });
    const before = await readerSeesPost(post._id);
    expect(before.detail).toContain('Old words');
    expect(before.page).toContain('Old words');

    const saved = await patch<StudioBlog>('blogs', post._id, alice, {
      title: `${WORD} post renamed`,
      content: '<p>Half-typed new senten</p>',
      version: post.version,
    });
    expect(saved).toMatchObject({
      status: 'published',
      hasChanges: true,
      title: `${WORD} post renamed`,
      content: '<p>Half-typed new senten</p>',
      version: post.version + 1,
      published: { title: post.title, updatedAt: post.updatedAt },
    });
    // The Studio's own read answers the working copy too.
    expect(await ok<StudioBlog>(get(`/api/studio/blogs/${post._id}`, alice))).toMatchObject({ hasChanges: true });

    const during = await readerSeesPost(post._id);
    expect(during.detail).toContain('Old words');
    expect(during.list).toContain('Old words');
    expect(during.title).toBe(post.title);
    for (const text of [during.rss, during.page, during.detail]) {
      expect(text).not.toContain('Half-typed');
      expect(text).not.toContain('renamed');
    }

    const updated = await ok<StudioBlog>(action('blogs', post._id, 'update'));
    expect(updated).toMatchObject({ hasChanges: false, title: `${WORD} post renamed`, version: post.version + 2 });
    expect(updated.published?.title).toBe(`${WORD} post renamed`);
    const after = await readerSeesPost(post._id);
    expect(after.detail).toContain('Half-typed new senten');
    expect(after.list).toContain('Half-typed new senten');
    expect(after.rss).toContain('renamed');
    expect(after.page).toContain('Half-typed new senten');
    // Its first publish date stays.
    expect(updated.date).toBe(post.date);
  });

  it('drops the working copy on Discard, and answers 409 to Update or Discard with none', async () => {
    const post = await publishedPost('Kept words');
    expect(await errorOf(action('blogs', post._id, 'update'), 409)).toMatch(/no unpublished changes/);
    expect(await errorOf(action('blogs', post._id, 'discard'), 409)).toMatch(/no unpublished changes/);
    const saved = await patch<StudioBlog>('blogs', post._id, alice, {
      content: '<p>Thrown away</p>',
      version: post.version,
    });
    const discarded = await ok<StudioBlog>(action('blogs', post._id, 'discard'));
    expect(discarded).toMatchObject({ hasChanges: false, content: '<p>Kept words</p>', version: saved.version + 1 });
    expect((await readerSeesPost(post._id)).detail).toContain('Kept words');
    expect(await errorOf(action('blogs', post._id, 'discard'), 409)).toMatch(/no unpublished changes/);
  });

  it('keeps no working copy when an edit brings it back to the published version', async () => {
    const post = await publishedPost('Same words');
    const changed = await patch<StudioBlog>('blogs', post._id, alice, { content: '<p>x</p>', version: post.version });
    const back = await patch<StudioBlog>('blogs', post._id, alice, {
      content: '<p>Same words</p>',
      version: changed.version,
    });
    expect(back.hasChanges).toBe(false);
  });

  it('refuses a save, Update or Discard made on a stale version (409), the working copy untouched', async () => {
    const post = await publishedPost('Raced');
    const first = await patch<StudioBlog>('blogs', post._id, alice, { content: '<p>Mine</p>', version: post.version });
    const stale = await call(t.app, 'PATCH', `/api/studio/blogs/${post._id}`, admin, {
      content: '<p>Theirs</p>',
      version: post.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatch(/Someone else changed this blog post/);
    expect(await errorOf(action('blogs', post._id, 'update', alice, { version: post.version }), 409)).toMatch(
      /version/,
    );
    expect(await errorOf(action('blogs', post._id, 'discard', alice, { version: post.version }), 409)).toMatch(
      /version/,
    );
    expect((await ok<StudioBlog>(get(`/api/studio/blogs/${post._id}`, alice))).content).toBe('<p>Mine</p>');
    expect((await ok<StudioBlog>(action('blogs', post._id, 'update', alice, { version: first.version }))).content).toBe(
      '<p>Mine</p>',
    );
  });

  it('goes off at once when unpublished, its unsaved changes becoming the draft', async () => {
    const post = await publishedPost('Going off');
    const saved = await patch<StudioBlog>('blogs', post._id, alice, {
      content: '<p>Edited then off</p>',
      version: post.version,
    });
    const draft = await patch<StudioBlog>('blogs', post._id, alice, { status: 'draft', version: saved.version });
    expect(draft).toMatchObject({
      status: 'draft',
      hasChanges: false,
      published: null,
      content: '<p>Edited then off</p>',
    });
    expect((await get(`/api/blog/getBlogDetail/${post._id}`)).statusCode).toBe(404);
    // A draft has no working copy: its edits are the item.
    const edited = await patch<StudioBlog>('blogs', post._id, alice, {
      content: '<p>Draft</p>',
      version: draft.version,
    });
    expect(edited.hasChanges).toBe(false);
    expect(await errorOf(action('blogs', post._id, 'update'), 409)).toMatch(/no unpublished changes/);
  });

  it('lets only its author or an admin Update or Discard (403)', async () => {
    const post = await publishedPost('Owned');
    await patch<StudioBlog>('blogs', post._id, alice, { content: '<p>Change</p>', version: post.version });
    expect(await errorOf(action('blogs', post._id, 'update', bob), 403)).toMatch(/Only its author or an admin/);
    expect(await errorOf(action('blogs', post._id, 'discard', reader), 403)).toBeTruthy();
    expect((await action('blogs', post._id, 'update', admin)).statusCode).toBe(200);
  });
});

describe('tutorials and courses', () => {
  it('keep their published version in lists, detail and search until Update', async () => {
    const tutorial = await postTutorial(t.app, alice, { title: `${WORD} tutorial first`, status: 'published' });
    const course = await postCourse(t.app, alice, { title: `${WORD} course first`, status: 'published' });
    const searchTitles = async () => {
      const found = (await get(`/api/search/${WORD}`, reader)).json<SearchResult>();
      return [...found.course, ...found.tutorial].map((item) => item.title).sort();
    };
    const listed = async () => ({
      tutorials: (await get('/api/tutorial/getTutorial'))
        .json<Tutorial[]>()
        .filter((item) => item.title.includes(WORD))
        .map((item) => item.title),
      course: (await get(`/api/lession/getLessionList/${course._id}`)).json<CourseWithLessons>().title,
      tutorial: (await get(`/api/tutorial/getTutorialDetail/${tutorial._id}`)).json<Tutorial[]>()[0].title,
      sitemap: (await get('/sitemap.xml')).body.includes(course._id),
      search: await searchTitles(),
    });
    const before = await listed();
    expect(before).toEqual({
      tutorials: [`${WORD} tutorial first`],
      course: `${WORD} course first`,
      tutorial: `${WORD} tutorial first`,
      sitemap: true,
      search: [`${WORD} course first`, `${WORD} tutorial first`],
    });

    const tutorialSaved = await patch<StudioTutorial>('tutorials', tutorial._id, alice, {
      title: `${WORD} tutorial second`,
      version: tutorial.version,
    });
    const courseSaved = await patch<StudioCourse>('courses', course._id, alice, {
      title: `${WORD} course second`,
      version: course.version,
    });
    expect([tutorialSaved.hasChanges, courseSaved.hasChanges]).toEqual([true, true]);
    expect(await listed()).toEqual(before);

    await ok(action('tutorials', tutorial._id, 'update'));
    await ok(action('courses', course._id, 'update'));
    expect(await listed()).toEqual({
      tutorials: [`${WORD} tutorial second`],
      course: `${WORD} course second`,
      tutorial: `${WORD} tutorial second`,
      sitemap: true,
      search: [`${WORD} course second`, `${WORD} tutorial second`],
    });
  });

  it('refuses to Update a published item into blank content (400)', async () => {
    const tutorial = await postTutorial(t.app, alice, { status: 'published' });
    const res = await call(t.app, 'PATCH', `/api/studio/tutorials/${tutorial._id}`, alice, {
      content: '<p> </p>',
      version: tutorial.version,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(/content is empty/);
  });
});

describe('a lesson of a published course', () => {
  it('keeps its published version until its own Update; a lesson of a draft course is edited in place', async () => {
    const course = await postCourse(t.app, alice);
    const lesson = await addLesson(t.app, alice, course._id, { title: 'Lesson as published' });
    expect(lesson).toMatchObject({ hasChanges: false, published: null });
    const published = await patch<StudioCourse>('courses', course._id, alice, {
      status: 'published',
      version: course.version,
    });
    expect(published.lessons[0].published).toMatchObject({ title: 'Lesson as published' });
    const readerLesson = async () =>
      (await get(`/api/lession/getLession/${course._id}/${lesson._id}`)).json<LessonPage>().course[0].title;

    const saved = await patch<StudioLesson>('lessons', lesson._id, alice, {
      title: 'Lesson being edited',
      version: lesson.version,
    });
    expect(saved).toMatchObject({ hasChanges: true, title: 'Lesson being edited' });
    expect(await readerLesson()).toBe('Lesson as published');
    expect((await ok<StudioCourse>(get(`/api/studio/courses/${course._id}`, alice))).lessons[0].hasChanges).toBe(true);

    const updated = await ok<StudioLesson>(action('lessons', lesson._id, 'update'));
    expect(updated).toMatchObject({ hasChanges: false, title: 'Lesson being edited' });
    expect(await readerLesson()).toBe('Lesson being edited');

    // Unpublishing the course makes its lessons drafts: their working copies become the lessons.
    const again = await patch<StudioLesson>('lessons', lesson._id, alice, {
      title: 'Lesson edited before unpublish',
      version: updated.version,
    });
    const current = await ok<StudioCourse>(get(`/api/studio/courses/${course._id}`, alice));
    const draft = await patch<StudioCourse>('courses', course._id, alice, {
      status: 'draft',
      version: current.version,
    });
    expect(draft.lessons[0]).toMatchObject({ title: 'Lesson edited before unpublish', hasChanges: false });
    const inPlace = await patch<StudioLesson>('lessons', lesson._id, alice, {
      title: 'Draft lesson',
      version: draft.lessons[0].version,
    });
    expect(inPlace).toMatchObject({ hasChanges: false, title: 'Draft lesson', published: null });
    expect(again.version).toBeLessThan(inPlace.version);
  });
});

describe('history', () => {
  it('keeps a revision for every Publish and Update (who, when, title), newest first', async () => {
    const post = await publishedPost('History one');
    const saved = await patch<StudioBlog>('blogs', post._id, alice, {
      title: `${WORD} history two`,
      content: '<p>History two</p>',
      version: post.version,
    });
    await ok(action('blogs', post._id, 'update', admin, { version: saved.version }));
    const { revisions } = await ok<RevisionList>(get(`/api/studio/blogs/${post._id}/revisions`, alice));
    expect(revisions.map((r) => [r.title, r.by.name])).toEqual([
      [`${WORD} history two`, 'Ada Admin'],
      [post.title, 'Alice Author'],
    ]);
    expect(Date.parse(revisions[0].at)).toBeGreaterThanOrEqual(Date.parse(revisions[1].at));
    expect(revisions[1].by._id).toBe(alice.id);

    // Restore puts the old version into the working copy; readers see it only after Update.
    const restored = await ok<StudioBlog>(action('blogs', post._id, `revisions/${revisions[1]._id}/restore`));
    expect(restored).toMatchObject({ hasChanges: true, title: post.title, content: '<p>History one</p>' });
    expect((await readerSeesPost(post._id)).detail).toContain('History two');
    await ok(action('blogs', post._id, 'update'));
    expect((await readerSeesPost(post._id)).detail).toContain('History one');
  });

  it('restores into a draft itself (a draft has no working copy)', async () => {
    const post = await publishedPost('Draft history');
    const current = await ok<StudioBlog>(get(`/api/studio/blogs/${post._id}`, alice));
    const draft = await patch<StudioBlog>('blogs', post._id, alice, {
      status: 'draft',
      content: '<p>Rewritten</p>',
      version: current.version,
    });
    const { revisions } = await ok<RevisionList>(get(`/api/studio/blogs/${post._id}/revisions`, alice));
    const restored = await ok<StudioBlog>(
      action('blogs', post._id, `revisions/${revisions[0]._id}/restore`, alice, { version: draft.version }),
    );
    expect(restored).toMatchObject({ status: 'draft', hasChanges: false, content: '<p>Draft history</p>' });
  });

  it('keeps only the newest 50 revisions of an item', async () => {
    const post = await publishedPost('Many 0');
    let version = post.version;
    for (let i = 1; i <= 51; i++) {
      const saved = await patch<StudioBlog>('blogs', post._id, alice, {
        title: `${WORD} many ${i}`,
        version,
      });
      version = (await ok<StudioBlog>(action('blogs', post._id, 'update', alice, { version: saved.version }))).version;
    }
    const { revisions } = await ok<RevisionList>(get(`/api/studio/blogs/${post._id}/revisions`, alice));
    expect(revisions).toHaveLength(50);
    expect(revisions[0].title).toBe(`${WORD} many 51`);
    expect(revisions.at(-1)?.title).toBe(`${WORD} many 2`);
  });

  it('answers 404 for an unknown revision or item, 403 to restore for another author', async () => {
    const post = await publishedPost('Restore rules');
    const { revisions } = await ok<RevisionList>(get(`/api/studio/blogs/${post._id}/revisions`, alice));
    expect(await errorOf(action('blogs', post._id, 'revisions/not-a-revision/restore'), 404)).toMatch(/no revision/);
    expect(
      await errorOf(action('blogs', post._id, 'revisions/00000000-0000-4000-8000-000000000000/restore'), 404),
    ).toMatch(/no revision/);
    expect(await errorOf(get('/api/studio/blogs/00000000-0000-4000-8000-000000000000/revisions', alice), 404)).toMatch(
      /not found/,
    );
    expect(await errorOf(action('blogs', post._id, `revisions/${revisions[0]._id}/restore`, bob), 403)).toBeTruthy();
  });
});

describe('preview', () => {
  it('shows a draft or a working copy to its author and any admin, never cached nor indexed; 403 to others', async () => {
    const draft = await postBlog(t.app, alice, { title: `${WORD} preview draft`, content: '<p>Secret draft</p>' });
    const post = await publishedPost('Live text');
    await patch<StudioBlog>('blogs', post._id, alice, { content: '<p>Coming soon</p>', version: post.version });
    for (const user of [alice, admin]) {
      const res = await get(`/api/preview/blogs/${draft._id}`, user);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.json<Blog[]>()[0]).toMatchObject({ title: `${WORD} preview draft`, content: '<p>Secret draft</p>' });
      const working = await ok<Blog[]>(get(`/api/preview/blogs/${post._id}`, user));
      expect(working[0].content).toBe('<p>Coming soon</p>');
    }
    expect(await errorOf(get(`/api/preview/blogs/${draft._id}`, bob), 403)).toMatch(/Only its author or an admin/);
    expect(await errorOf(get(`/api/preview/blogs/${draft._id}`, reader), 403)).toMatch(/author or an admin/);
    expect(await errorOf(get(`/api/preview/blogs/${draft._id}`), 401)).toMatch(/preview link/);
    // Readers still see neither.
    expect((await get(`/api/blog/getBlogDetail/${draft._id}`)).statusCode).toBe(404);
    expect((await readerSeesPost(post._id)).detail).toContain('Live text');
    // The preview page itself: the app shell, never cached, never indexed.
    const page = await get(`/preview/blog/${draft._id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.body).not.toContain('Secret draft');
  });

  it('previews courses, lessons and tutorials in the shape of their pages’ reads', async () => {
    const course = await postCourse(t.app, alice, { title: `${WORD} preview course` });
    const lesson = await addLesson(t.app, alice, course._id, { title: 'Preview lesson' });
    const tutorial = await postTutorial(t.app, alice, { title: `${WORD} preview tutorial` });
    expect((await ok<CourseWithLessons>(get(`/api/preview/courses/${course._id}`, alice))).lessonlist).toHaveLength(1);
    const lessonPreview = await ok<LessonPage>(get(`/api/preview/lessons/${lesson._id}`, alice));
    expect(lessonPreview.course[0].title).toBe('Preview lesson');
    expect((await ok<Tutorial[]>(get(`/api/preview/tutorials/${tutorial._id}`, admin)))[0].title).toBe(
      `${WORD} preview tutorial`,
    );
    const link = await ok<PreviewLink>(action('lessons', lesson._id, 'preview-link'));
    expect(link.url).toBe(`${SITE}/preview/course/${course._id}/${lesson._id}?token=${link.url.split('token=')[1]}`);
  });

  it('works signed out with a preview link for 24 hours, then not; a revoke ends every link', async () => {
    clock = Date.now();
    const draft = await postBlog(t.app, alice, { title: `${WORD} shared draft`, content: '<p>Shared</p>' });
    expect(await errorOf(action('blogs', draft._id, 'preview-link', bob), 403)).toBeTruthy();
    const link = await ok<PreviewLink>(action('blogs', draft._id, 'preview-link'));
    expect(Date.parse(link.expiresAt)).toBe(clock + PREVIEW_LINK_TTL_MS);
    const url = new URL(link.url);
    expect(url.origin + url.pathname).toBe(`${SITE}/preview/blog/${draft._id}`);
    const token = url.searchParams.get('token') ?? '';
    const open = (withToken = token) => get(`/api/preview/blogs/${draft._id}?token=${encodeURIComponent(withToken)}`);

    const signedOut = await open();
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    expect(signedOut.headers['cache-control']).toBe('no-store');
    expect(signedOut.json<Blog[]>()[0].content).toBe('<p>Shared</p>');
    // A link is for its own item only, and a changed signature is no link.
    const other = await postBlog(t.app, alice);
    expect((await get(`/api/preview/blogs/${other._id}?token=${encodeURIComponent(token)}`)).statusCode).toBe(403);
    expect((await open(`${token.slice(0, -2)}AA`)).statusCode).toBe(403);
    expect((await open('garbage')).statusCode).toBe(403);

    clock += PREVIEW_LINK_TTL_MS - 1_000;
    expect((await open()).statusCode).toBe(200);
    clock += 2_000;
    expect(await errorOf(open(), 403)).toMatch(/expired or was revoked/);

    clock = Date.now();
    const fresh = new URL((await ok<PreviewLink>(action('blogs', draft._id, 'preview-link'))).url).searchParams.get(
      'token',
    );
    expect((await open(fresh ?? '')).statusCode).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/studio/blogs/${draft._id}/preview-link`, bob)).statusCode).toBe(403);
    const revoked = await call(t.app, 'DELETE', `/api/studio/blogs/${draft._id}/preview-link`, alice);
    expect(revoked.statusCode).toBe(204);
    expect(await errorOf(open(fresh ?? ''), 403)).toMatch(/expired or was revoked/);
    // The author still previews it.
    expect((await get(`/api/preview/blogs/${draft._id}`, alice)).statusCode).toBe(200);
  });
});
