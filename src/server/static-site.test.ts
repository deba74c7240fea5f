// The built web app is served with the right cache headers, compressed, and deep links get index.html.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
let webDir: string;
const themeScript = "document.documentElement.dataset.theme = 'light';";

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.mkdirSync(path.join(webDir, 'media'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    `<!doctype html><title>app</title><script>${themeScript}</script><script type="module" src="/assets/index-abc123.js"></script><div id="root"></div>`,
  );
  fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  fs.writeFileSync(path.join(webDir, 'media', 'clip.webm'), Buffer.alloc(4096, 1));
  t = await createTestApp({ config: { webDir } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('static site', () => {
  it('serves hashed assets with a long immutable cache and compression', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it.each(['/', '/course/abc/def', '/blog/', '/no/such/page'])(
    'answers %s with the uncached app shell',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    },
  );

  it("allows the template's own inline script by its hash, and no other inline script", async () => {
    const res = await t.app.inject({ url: '/' });
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1].split(' ');
    const hash = `'sha256-${createHash('sha256').update(themeScript).digest('base64')}'`;
    expect(scriptSrc).toContain(hash);
    expect(scriptSrc?.filter((source) => source.startsWith("'sha")).length).toBe(1);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    // The API's answers are data, never a document: their policy allows nothing at all.
    expect((await t.app.inject({ url: '/api/health' })).headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
  });

  it('serves media with byte ranges so videos can seek', async () => {
    const res = await t.app.inject({ url: '/media/clip.webm', headers: { range: 'bytes=0-99' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 0-99/4096');
  });

  it('answers 404 JSON for a missing file and for unknown API paths, not the app shell', async () => {
    for (const url of ['/assets/missing.js', '/api/course/nothing', '/api']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toHaveProperty('error');
    }
  });

  it('answers 404 JSON for POST to a page path', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/course', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
