// /sitemap.xml lists exactly the published public pages with their last change; /robots.txt points to it and keeps
// crawlers out of the API, the Studio and account pages; /rss.xml is RSS 2.0 of the published posts, newest first,
// with their full content. All three parsed, not grepped.
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog, CourseCard, CourseWithLessons, TutorialCard } from '../../../shared/contract';
import { seedDemoContent } from '../../db/seed/seed';
import { createBlog, createCourse, createLesson, createTutorial } from '../../test/factories';
import { fixtureContent } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

const SITE = 'https://devcourses.example';
let t: TestApp;
const window = new Window();
const parseXml = (xml: string) => new window.DOMParser().parseFromString(xml, 'application/xml');
const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: SITE } });
  const { db } = t.database;
  await seedDemoContent(db, fixtureContent);
  const draftCourse = await createCourse(db, { title: 'Draft course', status: 'draft' });
  await createLesson(db, { courseId: draftCourse.id, title: 'Draft lesson' });
  await createTutorial(db, { title: 'Draft tutorial', status: 'draft' });
  await createBlog(db, { title: 'Draft post', content: '<p>secret</p>', status: 'draft' });
});
afterAll(() => t.close());

describe('/sitemap.xml', () => {
  it('lists exactly the published public pages, each with a lastmod', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const doc = parseXml(res.body);
    expect(doc.documentElement.tagName).toBe('urlset');
    expect(doc.documentElement.getAttribute('xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = [...doc.getElementsByTagName('url')].map((url) => ({
      loc: url.getElementsByTagName('loc')[0]?.textContent ?? '',
      lastmod: url.getElementsByTagName('lastmod')[0]?.textContent ?? '',
    }));
    for (const { lastmod } of urls) expect(new Date(lastmod).toISOString()).toBe(lastmod);

    const cards = (await get('/api/course/getCourse')).json<CourseCard[]>();
    const expected = ['/', '/course', '/tutorial', '/blog/', '/contact'];
    for (const card of cards) {
      expected.push(`/course/${card._id}`);
      const detail = (await get(`/api/lession/getLessionList/${card._id}`)).json<CourseWithLessons>();
      for (const lesson of detail.lessonlist) expected.push(`/course/${card._id}/${lesson._id}`);
    }
    for (const tutorial of (await get('/api/tutorial/getTutorial')).json<TutorialCard[]>())
      expected.push(`/tutorial/${tutorial._id}`);
    for (const post of (await get('/api/blog/getBlog')).json<Blog[]>()) expected.push(`/blog/${post._id}`);

    expect(urls.map((url) => url.loc).sort()).toEqual(expected.map((path) => `${SITE}${path}`).sort());
    expect(res.body).not.toMatch(/Draft/);
  });
});

describe('/robots.txt', () => {
  it('points to the sitemap and disallows the API, the Studio and account pages', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n').map((line) => line.trim());
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice(10));
    for (const path of ['/api/', '/studio', '/login', '/signup', '/user/', '/learning'])
      expect(disallowed).toContain(path);
    // Public pages stay crawlable.
    for (const path of ['/', '/course', '/blog/', '/tutorial'])
      expect(disallowed.some((prefix) => path.startsWith(prefix))).toBe(false);
  });
});

describe('/rss.xml', () => {
  it('is RSS 2.0 of the published posts, newest first, with their full content', async () => {
    const res = await get('/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    const doc = parseXml(res.body);
    const rss = doc.documentElement;
    expect(rss.tagName).toBe('rss');
    expect(rss.getAttribute('version')).toBe('2.0');
    const channel = rss.getElementsByTagName('channel')[0];
    // RSS 2.0's required channel elements.
    for (const tag of ['title', 'link', 'description'])
      expect(channel.getElementsByTagName(tag)[0]?.textContent, tag).toBeTruthy();
    const items = [...channel.getElementsByTagName('item')];
    const posts = (await get('/api/blog/getBlog')).json<Blog[]>();
    expect(items.map((item) => item.getElementsByTagName('title')[0]?.textContent)).toEqual(
      posts.map((post) => post.title),
    );
    expect(posts.map((p) => p.title)).toEqual(['Newest post', 'Middle post', 'Older post']);
    const [first] = items;
    expect(first.getElementsByTagName('link')[0]?.textContent).toBe(`${SITE}/blog/${posts[0]._id}`);
    expect(first.getElementsByTagName('guid')[0]?.textContent).toBe(`${SITE}/blog/${posts[0]._id}`);
    expect(first.getElementsByTagName('description')[0]?.textContent).toBe(posts[0].content);
    const pubDate = first.getElementsByTagName('pubDate')[0]?.textContent ?? '';
    // RFC 822 date, as RSS 2.0 asks.
    expect(pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(new Date(pubDate).toISOString()).toBe(new Date(posts[0].date).toISOString());
    expect(res.body).not.toContain('Draft post');
  });

  it('is rebuilt after a content change', async () => {
    const before = (await get('/rss.xml')).body;
    await createBlog(t.database.db, {
      title: 'Fresh <post> & news',
      content: '<p>fresh</p>',
      date: new Date('2030-01-01T00:00:00Z'),
    });
    expect((await get('/rss.xml')).body).toBe(before);
    t.app.contentChanged();
    const doc = parseXml((await get('/rss.xml')).body);
    expect(doc.getElementsByTagName('item')[0]?.getElementsByTagName('title')[0]?.textContent).toBe(
      'Fresh <post> & news',
    );
  });
});
