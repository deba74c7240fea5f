// The Studio in a real browser against the real server: an admin builds a course with two uploaded
// videos and a captions file, reorders its lessons by keyboard and publishes it for a signed-out reader who plays
// it; an author made by the admin writes and publishes a blog post; an admin deletes another user's bug and the
// audit log lists it; learners and visitors get the 'not allowed' page. axe runs on every Studio screen visited.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TEXT } from '../src/shared/constants';
import type { Bug } from '../src/shared/contract';
import type { StudioCourse } from '../src/shared/studio';
import {
  callApi,
  createAccount as createTestAccount,
  expectAccessible,
  logInByApi as logInByApiAt,
  mailedLink,
  newPage,
  repoRoot,
  setUpBrowserTests,
  signInAt,
  type TestAccount,
  waitFor,
  expectAlert,
  typeRichText,
} from './harness';

const ADMIN = { name: 'Ada Admin', email: 'studio-admin@example.test', password: 'studio-admin-secret' };

const env = setUpBrowserTests({ env: { ADMIN_EMAILS: ADMIN.email } });

type Account = TestAccount;

let admin: Account;
let files: string;
const video = (name: string) => path.join(repoRoot, 'public', 'media', 'lessons', name);

/** Chromium logs a console error for each non-2xx answer; a test that provokes one allows exactly that status. */
const httpError = (status: number) =>
  new RegExp(`Failed to load resource: the server responded with a status of ${status}`);

const call = <T>(method: string, urlPath: string, account?: Account, body?: unknown) =>
  callApi<T>(env.server, method, urlPath, account, body);
/** The verification link mailed to `email`, once the server has written it. */
const verifyLink = (email: string) => mailedLink(env.server, email, '/user/verify/');
const logInByApi = (name: string, email: string, password: string) => logInByApiAt(env.server, name, email, password);
const createAccount = (name: string) => createTestAccount(env.server, name);

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** Waits for the autosave line inside `scope` to say 'Saved' (a change waits 2 s of quiet, then one PATCH). */
async function expectSaved(scope: Locator) {
  await expect.poll(() => scope.locator('.save-status__text').first().textContent(), { timeout: 20_000 }).toBe('Saved');
}

/** A `width`×`height` PNG of one grey, made here (IHDR, one IDAT, IEND): an image whose size the editor must keep. */
function solidPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.from([0, ...Array<number>(width).fill(128)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Chooses `file` in the upload field named `label` and waits for the field to report it uploaded. */
async function upload(scope: Locator, label: string, file: string) {
  await scope.getByLabel(label, { exact: true }).setInputFiles(file);
  await scope.getByText(`Uploaded ${path.basename(file)}.`, { exact: true }).waitFor({ timeout: 20_000 });
}

beforeAll(async () => {
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-studio-e2e-'));
  // A 1×1 PNG (the cover) and a small WebVTT file (the captions): the server judges both by their bytes.
  fs.writeFileSync(
    path.join(files, 'cover.png'),
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
  fs.writeFileSync(path.join(files, 'diagram.png'), solidPng(40, 30));
  fs.writeFileSync(
    path.join(files, 'captions.vtt'),
    'WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome to the first lesson.\n\n00:02.000 --> 00:04.000\nLet us begin.\n',
  );

  // The admin signs up through the real form and follows the emailed link: verified, and listed in ADMIN_EMAILS.
  const checked = await newPage(env.browser, env.server.url);
  const { page } = checked;
  await page.goto('/signup');
  await page.getByLabel('User name').fill(ADMIN.name);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Repeat password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expectAlert(page, TEXT.signedUp);
  await page.goto(await verifyLink(ADMIN.email));
  await page.getByRole('heading', { name: TEXT.emailVerified }).waitFor();
  checked.assertClean();
  await checked.close();
  // A session of its own for the tests that start signed in (the first test signs in through the login form).
  admin = await logInByApi(ADMIN.name, ADMIN.email, ADMIN.password);
});

afterAll(() => {
  if (files) fs.rmSync(files, { recursive: true, force: true });
});

test('an admin builds a course with two uploaded videos and captions, reorders it by keyboard and publishes it; a signed-out reader plays it', async () => {
  const { page } = await newPage(env.browser, env.server.url);
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectAlert(page, TEXT.loggedIn);

  const studioLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Studio', exact: true });
  await studioLink.waitFor({ timeout: 15_000 });
  await studioLink.click();
  await h1(page, 'Studio').waitFor({ timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe('/studio');
  const studioNav = page.getByRole('navigation', { name: 'Studio' });
  for (const name of ['Content lists', 'Users', 'Audit log']) await studioNav.getByRole('link', { name }).waitFor();
  for (const name of ['Courses', 'Tutorials', 'Blog posts'])
    await page.getByRole('navigation', { name: 'Content types' }).getByRole('link', { name }).waitFor();
  await page.getByRole('table', { name: 'Courses' }).waitFor();
  await expectAccessible(page, '/studio (courses)');

  // New course: a title and an uploaded cover.
  const title = 'Accessible Web Forms';
  await page.getByRole('button', { name: 'New course' }).click();
  const newCourse = page.getByRole('dialog', { name: 'New course' });
  await newCourse.waitFor();
  await newCourse.getByLabel('Title', { exact: true }).fill(title);
  await upload(newCourse, 'Upload a cover image', path.join(files, 'cover.png'));
  expect(await newCourse.getByLabel('Cover image URL').inputValue()).toMatch(/^\/media\/uploads\/[\w-]+\.png$/);
  await newCourse.getByRole('img', { name: 'Cover image preview' }).waitFor();
  await expectAccessible(page, "the 'New course' dialog");
  await newCourse.getByRole('button', { name: 'Create course' }).click();

  await h1(page, 'Edit course').waitFor({ timeout: 15_000 });
  const courseId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  const head = page.locator('header.studio-editor__head');
  expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
  await typeRichText(page, 'Description', 'Labels, errors and focus: forms everyone can fill in.', { exact: true });
  await expectSaved(head);

  // Two lessons, each with an uploaded video; captions for the first.
  const lessons = page.getByRole('region', { name: 'Lessons' });
  const [first, second] = ['Labels that name fields', 'Errors people can find'];
  const addLesson = async (lessonTitle: string, file: string) => {
    await lessons.getByRole('button', { name: 'Add lesson' }).click();
    const dialog = page.getByRole('dialog', { name: 'New lesson' });
    await dialog.waitFor();
    await dialog.getByLabel('Lesson title', { exact: true }).fill(lessonTitle);
    await upload(dialog, 'Upload a video', file);
    expect(await dialog.getByLabel('Video link').inputValue()).toMatch(/^\/media\/uploads\/[\w-]+\.webm$/);
    if (lessonTitle === first) await expectAccessible(page, "the 'New lesson' dialog");
    await dialog.getByRole('button', { name: 'Create lesson' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // The new lesson opens in its editor.
    const editor = page.getByRole('region', { name: 'Edit lesson' });
    await expect.poll(() => editor.getByLabel('Lesson title', { exact: true }).inputValue()).toBe(lessonTitle);
    return editor;
  };

  const firstEditor = await addLesson(first, video('html-1.webm'));
  await upload(firstEditor, 'Upload captions (.vtt)', path.join(files, 'captions.vtt'));
  await firstEditor.getByRole('button', { name: 'Remove captions' }).waitFor();
  const captionsUrl = (await firstEditor.locator('.media-field__current code').last().textContent()) ?? '';
  expect(captionsUrl).toMatch(/^\/media\/uploads\/[\w-]+\.vtt$/);
  await expectSaved(firstEditor);
  await expectAccessible(page, 'the course editor with a lesson open');

  await addLesson(second, video('css-1.webm'));
  const titles = () => lessons.locator('.lesson-row__title').allTextContents();
  expect(await titles()).toEqual([first, second]);

  // Reorder by keyboard: Enter moves the first lesson down, focus follows it (its 'down' is disabled at the
  // bottom, so 'up'), Space moves it back up, Enter down again.
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
  await lessons.getByRole('button', { name: `Move ${first} down`, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(titles).toEqual([second, first]);
  await expect.poll(focused).toBe(`Move ${first} up`);
  await page.keyboard.press('Space');
  await expect.poll(titles).toEqual([first, second]);
  await expect.poll(focused).toBe(`Move ${first} down`);
  await page.keyboard.press('Enter');
  await expect.poll(titles).toEqual([second, first]);
  expect(await lessons.locator('.lesson-row__number').allTextContents()).toEqual(['1.', '2.']);
  // The order reached the server (each move is one PUT …/lesson-order, one at a time per course).
  const stored = await waitFor(async () => {
    const course = await call<StudioCourse>('GET', `/api/studio/courses/${courseId}`, admin);
    return course.lessons.map((l) => l.title).join('|') === [second, first].join('|') ? course : null;
  });
  const captioned = stored.lessons[1];
  expect(captioned.captions).toBe(captionsUrl);

  await expectSaved(head);
  await head.getByRole('button', { name: 'Publish', exact: true }).click();
  await head.getByRole('button', { name: 'Unpublish', exact: true }).waitFor({ timeout: 15_000 });
  await expectSaved(head);
  await head.getByRole('link', { name: 'View on the site' }).waitFor();
  await expectAccessible(page, 'the course editor, published');

  // A signed-out reader: the course is listed, its lessons in the new order, and the captioned lesson plays.
  const reader = (await newPage(env.browser, env.server.url)).page;
  await reader.goto('/course');
  await h1(reader, 'Our Courses').waitFor();
  await reader.getByRole('link', { name: `Start watching! ${title}`, exact: true }).click();
  await h1(reader, `Course on: ${title}`).waitFor();
  expect(new URL(reader.url()).pathname).toBe(`/course/${courseId}`);
  const readerLessons = reader.getByRole('complementary').getByRole('link');
  const readerTitles = reader.getByRole('complementary').locator('.lesson-list__title');
  expect(await readerTitles.allTextContents()).toEqual([second, first]);
  await readerLessons.nth(1).click();
  await h1(reader, first).waitFor();

  const player = reader.locator('video');
  await player.waitFor();
  expect(await player.getAttribute('src')).toBe(captioned.link);
  const track = player.locator('track');
  expect(await track.getAttribute('src')).toBe(captionsUrl);
  expect(await track.getAttribute('kind')).toBe('captions');
  await player.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    await el.play();
  });
  await expect
    .poll(() => player.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0);
}, 180_000);

test('an admin makes a learner an author, who writes a blog draft that readers see only once published', async () => {
  const author = await createAccount('Avery Author');

  const { page } = await newPage(env.browser, env.server.url);
  await signInAt(page, admin, '/studio/users');
  await h1(page, 'Users and roles').waitFor({ timeout: 15_000 });
  await page.getByLabel('Search users by name or email').fill(author.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const role = page.getByLabel(`Role of ${author.name}`, { exact: true });
  await role.waitFor();
  expect(await role.inputValue()).toBe('learner');
  await role.selectOption('author');
  await page.getByText(`${author.name} is now author.`, { exact: true }).waitFor();
  expect(await role.inputValue()).toBe('author');
  await expectAccessible(page, '/studio/users');

  const authorPage = (await newPage(env.browser, env.server.url)).page;
  await signInAt(authorPage, author, '/studio');
  await h1(authorPage, 'Studio').waitFor({ timeout: 15_000 });
  await authorPage
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Studio', exact: true })
    .waitFor();
  // Users and the audit log are for admins only.
  expect(await authorPage.getByRole('navigation', { name: 'Studio' }).getByRole('link').allTextContents()).toEqual([
    'Content lists',
  ]);
  await authorPage.getByRole('link', { name: 'Blog posts', exact: true }).click();
  await authorPage.getByRole('table', { name: 'Blog posts' }).waitFor();
  await expectAccessible(authorPage, '/studio (blog posts)');

  await authorPage.getByRole('button', { name: 'New post' }).click();
  const dialog = authorPage.getByRole('dialog', { name: 'New post' });
  await dialog.waitFor();
  await dialog.getByLabel('Title', { exact: true }).fill('Untitled draft');
  await expectAccessible(authorPage, "the 'New post' dialog");
  await dialog.getByRole('button', { name: 'Create post' }).click();
  await h1(authorPage, 'Edit post').waitFor({ timeout: 15_000 });
  const postId = decodeURIComponent(new URL(authorPage.url()).pathname.split('/').pop() ?? '');

  const title = 'What the Studio changes for authors';
  const head = authorPage.locator('header.studio-editor__head');
  await authorPage.getByLabel('Title', { exact: true }).fill(title);
  await typeRichText(authorPage, 'Content', 'Drafts save themselves and stay private until you publish.', {
    exact: true,
  });
  // An uploaded image keeps its size in pixels, so the published page keeps its place before it loads.
  await authorPage.getByRole('button', { name: 'Insert image' }).click();
  const imagePanel = authorPage.getByRole('group', { name: 'Insert image' });
  await imagePanel.getByLabel('Image file').setInputFiles(path.join(files, 'diagram.png'));
  await imagePanel.getByLabel('Alt text (what the image shows)').fill('A grey diagram');
  await imagePanel.getByRole('button', { name: 'Upload and insert' }).click();
  await authorPage.getByRole('img', { name: 'A grey diagram' }).waitFor({ timeout: 20_000 });
  await expectSaved(head);
  await authorPage.getByText('Not published yet: the post is dated when it is first published.').waitFor();
  await expectAccessible(authorPage, 'the post editor, a draft');

  // A signed-out reader sees the other posts but not the draft, and its page is the 404 view.
  const checkedReader = await newPage(env.browser, env.server.url, { console: [httpError(404)] });
  const reader = checkedReader.page;
  await reader.goto('/blog/');
  await h1(reader, 'Our Blogs').waitFor();
  await reader.locator('.card').first().waitFor();
  expect(await reader.getByRole('heading', { name: title }).count()).toBe(0);
  expect((await fetch(`${env.server.url}/api/blog/getBlogDetail/${postId}`)).status).toBe(404);
  await reader.goto(`/blog/${postId}`);
  await reader.getByText(TEXT.notFoundTitle).waitFor();

  await head.getByRole('button', { name: 'Publish', exact: true }).click();
  await head.getByRole('button', { name: 'Unpublish', exact: true }).waitFor({ timeout: 15_000 });
  await expectSaved(head);
  await authorPage.getByText(/^First published /).waitFor();

  await reader.goto('/blog/');
  await reader.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
  await reader.getByRole('link', { name: `Read more ${title}`, exact: true }).click();
  await h1(reader, title).waitFor();
  await reader.getByText('Drafts save themselves and stay private until you publish.').waitFor();
  expect(new URL(reader.url()).pathname).toBe(`/blog/${postId}`);
  const image = reader.getByRole('img', { name: 'A grey diagram' });
  expect([await image.getAttribute('width'), await image.getAttribute('height')]).toEqual(['40', '30']);
}, 120_000);

test("an admin deletes another user's bug after confirming; it is gone for its owner and the audit log lists it", async () => {
  const owner = await createAccount('Olive Owner');
  const bugTitle = 'Form submits twice on Enter';
  const bug = await call<Bug>('POST', '/api/bug/addbug', owner, {
    title: bugTitle,
    description: '<p>Pressing Enter in the email field sends the form twice.</p>',
  });

  const ownerPage = (await newPage(env.browser, env.server.url)).page;
  await signInAt(ownerPage, owner, '/bugs');
  const ownBugs = ownerPage.getByRole('region', { name: 'Your bugs here' });
  await ownBugs.getByRole('heading', { name: bugTitle }).waitFor();

  const { page } = await newPage(env.browser, env.server.url);
  await signInAt(page, admin, '/bugs');
  const others = page.getByRole('region', { name: "Other user's bugs here" });
  const card = others.getByRole('article').filter({ hasText: bugTitle });
  const remove = card.getByRole('button', { name: `Delete bug ${bugTitle}`, exact: true });
  await remove.waitFor({ timeout: 15_000 });
  let question = '';
  page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await remove.click();
  await expectAlert(page, TEXT.bugDeleted);
  await expect.poll(() => card.count()).toBe(0);
  expect(question).toContain(`Delete the bug “${bugTitle}”?`);

  expect((await fetch(`${env.server.url}/api/bug/getBugDetail/${bug._id}`)).status).toBe(404);
  await ownerPage.reload();
  await ownerPage.getByText(TEXT.noUserBugs, { exact: true }).waitFor();
  expect(await ownerPage.getByRole('heading', { name: bugTitle }).count()).toBe(0);

  await page.goto('/studio/audit');
  await h1(page, 'Audit log').waitFor({ timeout: 15_000 });
  const rows = page.getByRole('table', { name: 'Audit log, newest first' }).locator('tbody tr');
  await rows.first().waitFor();
  const cells = await rows.first().getByRole('cell').allTextContents();
  // The deleted bug is named by its id and said to be gone (no link leads to it).
  expect(cells.slice(1)).toEqual([ADMIN.name, 'Deleted', `bug ${bug._id} (gone)`, bugTitle]);
  await expectAccessible(page, '/studio/audit');
});

test("a learner who types /studio, and a signed-out visitor, get the 'not allowed' page", async () => {
  const learner = await createAccount('Lee Learner');
  const denied = 'You are not allowed to use the Studio';

  const { page } = await newPage(env.browser, env.server.url);
  await signInAt(page, learner, '/studio');
  await h1(page, denied).waitFor({ timeout: 15_000 });
  const region = page.getByRole('region', { name: denied });
  await region.getByText('Ask an admin to give your account the author role.', { exact: false }).waitFor();
  expect(await region.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  expect(await page.getByRole('link', { name: 'Studio', exact: true }).count()).toBe(0);
  await expectAccessible(page, '/studio as a learner');

  const visitor = (await newPage(env.browser, env.server.url)).page;
  await visitor.goto('/studio');
  await h1(visitor, denied).waitFor({ timeout: 15_000 });
  const login = visitor.getByRole('region', { name: denied }).getByRole('link', { name: 'Login', exact: true });
  expect(await login.getAttribute('href')).toBe('/login');
  await expectAccessible(visitor, '/studio signed out');
  await login.click();
  await expect.poll(() => new URL(visitor.url()).pathname).toBe('/login');
});

test('every Studio screen passes axe in both themes at 1280 and 360 px', async () => {
  const course = await call<StudioCourse>('POST', '/api/studio/courses', admin, {
    title: 'Axe course',
    description: '<p>Checked by axe in both themes.</p><pre><code>const theme = "dark";</code></pre>',
    cover: '/media/covers/css.svg',
  });
  await call('POST', `/api/studio/courses/${course._id}/lessons`, admin, {
    title: 'Axe lesson',
    link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    description: '<p>A lesson.</p>',
  });
  const post = await call<{ _id: string }>('POST', '/api/studio/blogs', admin, {
    title: 'Axe post',
    content: '<p>A post in the Studio.</p>',
  });
  const tutorial = await call<{ _id: string }>('POST', '/api/studio/tutorials', admin, {
    title: 'Axe tutorial',
    content: '<p>A tutorial in the Studio.</p>',
    image: '/media/tutorials/async-await.svg',
  });
  const { page } = await newPage(env.browser, env.server.url);
  await signInAt(page, admin, '/studio');
  const screens: [string, string, string][] = [
    ['/studio (courses)', '/studio', 'Studio'],
    ['/studio (tutorials)', '/studio?tab=tutorials', 'Studio'],
    ['/studio (blog posts)', '/studio?tab=blogs', 'Studio'],
    ['the course editor', `/studio/courses/${course._id}`, 'Edit course'],
    ['the tutorial editor', `/studio/tutorials/${tutorial._id}`, 'Edit tutorial'],
    ['the post editor', `/studio/blogs/${post._id}`, 'Edit post'],
    ['/studio/users', '/studio/users', 'Users and roles'],
    ['/studio/audit', '/studio/audit', 'Audit log'],
  ];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      for (const [name, path, heading] of screens) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).filter({ hasText: heading }).first().waitFor({ timeout: 15_000 });
        // The editors' rich-text fields are a lazy chunk: measured once they are there.
        if (path.includes('/studio/') && !path.endsWith('users') && !path.endsWith('audit'))
          await page.locator('.ProseMirror').first().waitFor({ timeout: 15_000 });
        await expectAccessible(page, `${name} (${theme}, ${width} px)`);
      }
    }
  }
}, 180_000);
