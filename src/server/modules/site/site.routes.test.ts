// The site is its owner's: admins read and change its name, description, footer and contact page; authors and
// learners cannot; bad input is refused naming the field; the public read answers the product's defaults until a
// change, and a change reaches the rendered pages (titles, share tags, JSON-LD, the navbar, the contact page), the app
// shell, mails and the feed at once, and another process on the same PostgreSQL within 1 s.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_SITE, SITE_STATE_ID, type SiteSettings } from '../../../shared/site';
import { createPageRenderer } from '../../../web/entry-server';
import { mailOutbox } from '../../db/schema';
import { createBlog, createCourse, createUser, type TestUser } from '../../test/factories';
import { call, errorOf } from '../../test/kit';
import { createRenderingTestApp, parseHtml, renderedPage } from '../../test/rendering-test-app';
import type { TestApp } from '../../test/test-app';
import { twoAppProcesses } from '../../test/two-app-processes';
import { timeWithin } from '../../test/within';

const SITE = 'https://owner.example';
const target = inject('testDb');

const OWNED: SiteSettings = {
  siteName: 'Ada’s Academy',
  description: 'Short lessons on compilers by Ada.',
  footer: '©2026 Ada’s Academy. Made in Lisbon.',
  contact: {
    text: 'Hello from Ada.\n\nWrite any time.',
    image: '',
    imageAlt: '',
    website: 'https://ada.example',
    links: [{ label: 'Ada on Mastodon', url: 'https://mastodon.example/@ada' }],
    email: 'ada@ada.example',
  },
};

type Doc = ReturnType<typeof parseHtml>;
const meta = (doc: Doc, key: string) =>
  doc.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ?? null;
const jsonLd = (doc: Doc) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
  );

let t: TestApp;
let admin: TestUser;
let author: TestUser;
let learner: TestUser;
let blogId: string;
let courseId: string;

const page = (url: string) => renderedPage(t, url, 200);

beforeAll(async () => {
  t = await createRenderingTestApp(createPageRenderer, { config: { publicUrl: SITE }, outbox: { pollMs: 0 } });
  const { db } = t.database;
  admin = await createUser(db, { role: 'admin' });
  author = await createUser(db, { role: 'author' });
  learner = await createUser(db);
  blogId = (await createBlog(db, { title: 'Parsing by hand', status: 'published', date: new Date() })).id;
  courseId = (await createCourse(db, { title: 'Compilers', status: 'published' })).id;
});
afterAll(() => t.close());

describe('who may read and change the settings', () => {
  it('answers the product’s defaults to everyone before any change', async () => {
    const res = await call(t.app, 'GET', '/api/site');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULT_SITE);
    expect((await call(t.app, 'GET', '/api/studio/settings', admin)).json()).toEqual(DEFAULT_SITE);
  });

  it('lets only admins read and change them: authors and learners 403, no one 401', async () => {
    for (const [user, status] of [
      [undefined, 401],
      [learner, 403],
      [author, 403],
    ] as const) {
      expect((await call(t.app, 'GET', '/api/studio/settings', user)).statusCode).toBe(status);
      expect((await call(t.app, 'PUT', '/api/studio/settings', user, OWNED)).statusCode).toBe(status);
    }
    expect((await call(t.app, 'GET', '/api/site')).json()).toEqual(DEFAULT_SITE);
  });

  it.each([
    [{ ...OWNED, siteName: '' }, /siteName is required/],
    [{ ...OWNED, siteName: '   ' }, /siteName is required/],
    [{ ...OWNED, siteName: 'x'.repeat(61) }, /siteName must be at most 60 characters/],
    [
      { ...OWNED, contact: { ...OWNED.contact, links: [{ label: 'Bad', url: 'javascript:alert(1)' }] } },
      /contact\.links\.0\.url: link url must be an http\(s\) or mailto address/,
    ],
    [
      { ...OWNED, contact: { ...OWNED.contact, links: [{ label: 'FTP', url: 'ftp://files.example' }] } },
      /contact\.links\.0\.url/,
    ],
    [{ ...OWNED, contact: { ...OWNED.contact, website: 'mailto:a@b.example' } }, /contact\.website/],
    [{ ...OWNED, contact: { ...OWNED.contact, email: 'not an email' } }, /contact\.email/],
    [{ ...OWNED, contact: { ...OWNED.contact, image: 'javascript:x' } }, /contact\.image/],
    [{ ...OWNED, footer: 42 }, /footer/],
  ])('refuses bad input with a 400 naming the field (%#)', async (body, error) => {
    expect(await errorOf(call(t.app, 'PUT', '/api/studio/settings', admin, body), 400)).toMatch(error);
  });

  it('takes a 60-character name, mailto links, and empty optional fields', async () => {
    const body = {
      siteName: 'n'.repeat(60),
      contact: { links: [{ label: 'Mail', url: 'mailto:me@x.example' }] },
    };
    const res = await call(t.app, 'PUT', '/api/studio/settings', admin, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SiteSettings>()).toEqual({
      siteName: 'n'.repeat(60),
      description: '',
      footer: '',
      contact: {
        text: '',
        image: '',
        imageAlt: '',
        website: '',
        links: [{ label: 'Mail', url: 'mailto:me@x.example' }],
        email: '',
      },
    });
  });
});

describe('a change shows everywhere at once', () => {
  beforeAll(async () => {
    // Every page and feed read (and cached) before the change.
    await page('/');
    await page(`/blog/${blogId}`);
    await t.app.inject({ method: 'GET', url: '/rss.xml' });
    const res = await call(t.app, 'PUT', '/api/studio/settings', admin, OWNED);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers the new settings to the public read and records who changed them', async () => {
    expect((await call(t.app, 'GET', '/api/site')).json()).toEqual(OWNED);
    const audit = (await call(t.app, 'GET', '/api/studio/audit', admin)).json<
      { entity: string; afterTitle: string }[]
    >();
    expect(audit[0]).toMatchObject({ entity: 'site', afterTitle: OWNED.siteName });
  });

  it('names the site in the rendered pages’ titles, share tags, navbar, footer and description', async () => {
    const home = await page('/');
    expect(home.title).toBe(`${OWNED.siteName} | home`);
    expect(meta(home, 'og:site_name')).toBe(OWNED.siteName);
    expect(meta(home, 'description')).toBe(OWNED.description);
    expect(home.querySelector('.navbar__brand')?.textContent).toContain(OWNED.siteName);
    expect(home.querySelector('footer')?.textContent).toBe(OWNED.footer);
    expect(home.body.innerHTML).not.toContain('DevCourses');
  });

  it('names the site in JSON-LD (a post’s author and publisher, a course’s provider)', async () => {
    const post = jsonLd(await page(`/blog/${blogId}`)).find((item) => item['@type'] === 'BlogPosting');
    expect(post).toMatchObject({
      author: { '@type': 'Organization', name: OWNED.siteName },
      publisher: { name: OWNED.siteName },
    });
    const course = jsonLd(await page(`/course/${courseId}`)).find((item) => item['@type'] === 'Course');
    expect(course).toMatchObject({ provider: { name: OWNED.siteName } });
  });

  it('draws the contact page from the settings: text, website, links and mail; no image when none', async () => {
    const contact = await page('/contact');
    const root = contact.querySelector('#root');
    expect(root?.textContent).toContain('Hello from Ada.');
    expect(root?.querySelectorAll('.contact__text p').length).toBeGreaterThanOrEqual(2);
    expect(contact.querySelector('.contact__website')?.getAttribute('href')).toBe('https://ada.example');
    const links = [...contact.querySelectorAll('.contact__social a')].map((a) => [
      a.getAttribute('aria-label'),
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Ada on Mastodon', 'https://mastodon.example/@ada'],
      [`Email ${OWNED.siteName}`, 'mailto:ada@ada.example'],
    ]);
    expect(contact.querySelector('.contact__image')).toBeNull();
  });

  it('hands the settings to the app shell of pages the browser renders (the Studio, account pages)', async () => {
    const shell = parseHtml((await t.app.inject({ method: 'GET', url: '/studio/settings' })).body);
    const state = shell.getElementById(SITE_STATE_ID)?.textContent ?? '';
    expect(JSON.parse(state)).toEqual(OWNED);
  });

  it('titles and describes the feed with the settings', async () => {
    const rss = (await t.app.inject({ method: 'GET', url: '/rss.xml' })).body;
    expect(rss).toContain(`<title>${OWNED.siteName} blog</title>`);
    expect(rss).toContain(`<description>${OWNED.description}</description>`);
  });

  it('signs account mails with the site’s name', async () => {
    const email = `mail-${Date.now()}@example.test`;
    const res = await call(t.app, 'POST', '/api/auth/createUser', undefined, {
      name: 'Grace Hopper',
      email,
      password: 'a-long-secret-9',
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail.subject).toBe(`Verify your email for ${OWNED.siteName}`);
    expect(mail.text).toContain(`Welcome to ${OWNED.siteName}!`);
    expect(mail.html).toContain('Ada’s Academy');
  });
});

describe.runIf(target.kind === 'postgres')('two app processes on one PostgreSQL database', () => {
  const { apps, databases } = twoAppProcesses('devc_site_');

  it('shows settings saved through A in B’s cached reads and feed within 1 s', async () => {
    const [a, b] = apps;
    const owner = await createUser(databases[0].db, { role: 'admin' });
    const siteName = async () => (await call(b, 'GET', '/api/site')).json<SiteSettings>().siteName;
    const feedTitle = async () =>
      /<title>([^<]*)<\/title>/.exec((await b.inject({ method: 'GET', url: '/rss.xml' })).body)?.[1];
    // B reads (and caches) the defaults.
    expect(await siteName()).toBe(DEFAULT_SITE.siteName);
    expect(await feedTitle()).toBe(`${DEFAULT_SITE.siteName} blog`);

    const saved = await call(a, 'PUT', '/api/studio/settings', owner, { ...OWNED, siteName: 'Across Academy' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      await timeWithin(1_000, async () => (await siteName()) === 'Across Academy'),
      'B’s /api/site',
    ).not.toBeNull();
    expect(
      await timeWithin(1_000, async () => (await feedTitle()) === 'Across Academy blog'),
      'B’s feed',
    ).not.toBeNull();
  });
});
