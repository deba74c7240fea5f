// The certificate page arrives as HTML with the facts, the verification statement and its actions, a head of its own
// (description, canonical, Open Graph and Twitter card with the generated image, EducationalOccupationalCredential
// JSON-LD); an unknown or malformed code is the 404 view, a revoked one a 410 page stating when and why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '../../../shared/constants';
import { createCourse, createLesson, createUser, type TestUser } from '../../test/factories';
import { createRenderingTestApp, type parseHtml, renderedPage } from '../../test/rendering-test-app';
import type { TestApp } from '../../test/test-app';
import { createPageRenderer } from '../../../web/entry-server';

const SITE = 'https://devcourses.example';
let t: TestApp;
let admin: TestUser;
let code = '';
let courseId = '';

type Doc = ReturnType<typeof parseHtml>;
const meta = (doc: Doc, key: string) =>
  doc.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ?? null;
const text = (doc: Doc, selector = '#root') => doc.querySelector(selector)?.textContent ?? '';

const page = (url: string, status: number) => renderedPage(t, url, status);

beforeAll(async () => {
  t = await createRenderingTestApp(createPageRenderer, { config: { publicUrl: SITE } });
  const { db } = t.database;
  admin = await createUser(db, { role: 'admin' });
  const learner = await createUser(db, { name: 'Ελένη Dvořák' });
  const course = await createCourse(db, { title: 'Rendered course' });
  courseId = course.id;
  const lesson = await createLesson(db, { courseId, duration: 60 });
  await t.app.inject({
    method: 'PUT',
    url: `/api/progress/${lesson.id}/complete`,
    headers: { 'auth-token': learner.token },
    payload: { completed: true },
  });
  const progress = await t.app.inject({
    method: 'GET',
    url: `/api/progress/course/${courseId}`,
    headers: { 'auth-token': learner.token },
  });
  code = progress.json<{ certificate: { code: string } }>().certificate.code;
});
afterAll(() => t.close());

describe('the certificate page', () => {
  it('renders the name, the course (linked), the facts, the verification and the actions', async () => {
    const doc = await page(`/certificates/${code}`, 200);
    expect(text(doc, 'h1')).toBe('Ελένη Dvořák');
    expect(doc.querySelector(`#root a[href="/course/${courseId}"]`)?.textContent).toBe('Rendered course');
    expect(text(doc)).toContain(`Verified: issued by DevCourses (${SITE})`);
    expect(text(doc)).toContain('Lessons completed1');
    const links = [...doc.querySelectorAll('#root a')].map((a) => a.getAttribute('href') ?? '');
    expect(links).toContain(`/certificates/${code}.pdf`);
    expect(links).toContain(`/certificates/${code}/credential.jwt`);
    expect(links.some((href) => href.startsWith('https://www.linkedin.com/profile/add?'))).toBe(true);
    expect([...doc.querySelectorAll('#root button')].map((b) => b.textContent)).toContain('Copy link');
  });

  it('describes itself: description, canonical, Open Graph and Twitter card with its image, and JSON-LD', async () => {
    const doc = await page(`/certificates/${code}`, 200);
    const url = `${SITE}/certificates/${code}`;
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
    expect(meta(doc, 'description')).toMatch(/^Ελένη Dvořák completed the course Rendered course on /);
    expect(meta(doc, 'og:title')).toBe('Ελένη Dvořák: Rendered course');
    expect(meta(doc, 'og:url')).toBe(url);
    expect(meta(doc, 'og:image')).toBe(`${url}/image.png`);
    expect(meta(doc, 'twitter:card')).toBe('summary_large_image');
    expect(meta(doc, 'twitter:image')).toBe(`${url}/image.png`);
    const ld = [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
    );
    expect(ld.find((item) => item['@type'] === 'EducationalOccupationalCredential')).toMatchObject({
      '@context': 'https://schema.org',
      credentialCategory: 'certificate',
      url,
      identifier: code,
      recognizedBy: { name: 'DevCourses', url: SITE },
      about: { '@type': 'Course', name: 'Rendered course', url: `${SITE}/course/${courseId}` },
    });
  });

  it.each(['AAAAAAAAAAAAAAAAAAAAAA', 'not-a-code'])(
    'shows the 404 view for an unknown or malformed code (%s)',
    async (c) => {
      const doc = await page(`/certificates/${c}`, 404);
      expect(text(doc, 'h1')).toBe(TEXT.notFoundTitle);
      expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
    },
  );

  it('answers 410 once revoked, stating when and why, and is no longer indexed', async () => {
    await page(`/certificates/${code}`, 200);
    const dayBefore = new Date().toISOString().slice(0, 10);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/studio/certificates/${code}/revoke`,
      headers: { 'auth-token': admin.token },
      payload: { reason: 'Issued by mistake' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const doc = await page(`/certificates/${code}`, 410);
    expect(text(doc, 'h1')).toBe('Certificate revoked');
    // The day it was revoked: the one before the call, or the next if the call crossed midnight.
    const dayAfter = new Date().toISOString().slice(0, 10);
    expect([dayBefore, dayAfter].map((day) => `This certificate was revoked on ${day}: Issued by mistake`)).toContain(
      text(doc).match(/This certificate was revoked on [^:]*: Issued by mistake/)?.[0],
    );
    expect(meta(doc, 'robots')).toBe('noindex');
  });
});
