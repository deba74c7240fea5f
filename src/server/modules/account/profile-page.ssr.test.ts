// A public profile arrives as HTML with the person's name, bio and what they achieved, and a head of its own
// (description, canonical); a private profile, an unknown id and a malformed one are the 404 view.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories';
import { createRenderingTestApp, renderedPage } from '../../test/rendering-test-app';
import type { TestApp } from '../../test/test-app';
import { createPageRenderer } from '../../../web/entry-server';

const SITE = 'https://devcourses.example';
let t: TestApp;
let shown: TestUser;
let hidden: TestUser;

const page = (url: string, status: number) => renderedPage(t, url, status);

beforeAll(async () => {
  t = await createRenderingTestApp(createPageRenderer, { config: { publicUrl: SITE } });
  shown = await createUser(t.database.db, { name: 'Grace Public' });
  hidden = await createUser(t.database.db, { name: 'Hidden Person' });
  const made = await t.app.inject({
    method: 'PATCH',
    url: '/api/me',
    headers: { 'auth-token': shown.token },
    payload: { profilePublic: true, bio: 'Compilers & <coffee>.' },
  });
  expect(made.statusCode).toBe(200);
  await t.app.inject({
    method: 'POST',
    url: '/api/bug/addbug',
    headers: { 'auth-token': shown.token },
    payload: { title: 'Why does my loop never end', description: '<p>It spins.</p>' },
  });
});
afterAll(() => t.close());

it('renders a public profile with its facts, linked, and a head of its own', async () => {
  const doc = await page(`/u/${shown.id}`, 200);
  expect(doc.querySelector('h1')?.textContent).toBe('Grace Public');
  const root = doc.querySelector('#root')?.textContent ?? '';
  expect(root).toContain('Compilers & <coffee>.');
  expect(root).toContain('Member since');
  expect(doc.querySelector('a[href^="/bugs/"]')?.textContent).toBe('Why does my loop never end');
  expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/u/${shown.id}`);
  expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toContain('Grace Public completed');
});

it('answers a private, unknown or malformed profile with the 404 view', async () => {
  for (const url of [`/u/${hidden.id}`, '/u/00000000-0000-4000-8000-000000000000', '/u/not-an-id']) {
    const doc = await page(url, 404);
    expect(doc.querySelector('#root')?.textContent ?? '').not.toContain('Hidden Person');
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content') ?? '').toContain('noindex');
  }
});
