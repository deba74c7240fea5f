// The code runner's frame is served with its own CSP (a sandbox whose scripts, Worker and requests reach only the
// app's origin) and its scripts and runtimes' files are readable from the frame's opaque origin, kept a year and
// gzipped; the app's own pages may frame it and nothing else of the app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_PAGE_PATH, RUNNER_PATH } from '../../shared/practice';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const frame = () => t.app.inject({ url: `${RUNNER_PATH}/frame.html`, headers: { host: 'learn.example.test:8080' } });

/** The frame page's script addresses: its own and its Worker's, and where the runtimes are. */
async function addresses() {
  const html = (await frame()).body;
  const attribute = (name: string) => new RegExp(`${name}="([^"]+)"`).exec(html)?.[1] ?? '';
  return { frame: attribute('src'), worker: attribute('data-worker'), base: attribute('data-base') };
}

describe('the runner frame', () => {
  it('has its own CSP: a sandbox allowing scripts, whose scripts, Worker and requests reach only the app origin', async () => {
    const res = await frame();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = String(res.headers['content-security-policy']);
    const origin = 'http://learn.example.test:8080';
    expect(csp).toContain('sandbox allow-scripts');
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain(`script-src ${origin} 'wasm-unsafe-eval'`);
    expect(csp).toContain(`connect-src ${origin}`);
    expect(csp).toContain('worker-src blob:');
    expect(csp).toContain(`frame-ancestors ${origin}`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("'self'");
    const { frame: script, worker, base } = await addresses();
    expect(script).toMatch(new RegExp(`^${RUNNER_PATH}/frame-[0-9a-f]{12}\\.js$`));
    expect(worker).toMatch(new RegExp(`^${origin}${RUNNER_PATH}/worker-[0-9a-f]{12}\\.js$`));
    expect(base).toMatch(new RegExp(`^${origin}${RUNNER_PATH}/runtimes/[^/]+/$`));
  });

  it("serves the HTML examples' page with a CSP of its own: inline scripts run, in a sandbox that loads and sends nothing", async () => {
    const res = await t.app.inject({ url: EXAMPLE_PAGE_PATH, headers: { host: 'learn.example.test:8080' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'unsafe-inline'");
    expect(csp).toContain('sandbox allow-scripts');
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).not.toContain('connect-src');
    expect(csp).toContain("form-action 'none'");
    expect(csp).toContain('frame-ancestors http://learn.example.test:8080');
    // The example's HTML is never sent to the server: the page reads it from its address's fragment.
    expect(res.body).toContain('location.hash');
  });

  it('serves its scripts readable from an opaque origin, kept a year, gzipped', async () => {
    const { frame: script, worker } = await addresses();
    for (const url of [script, new URL(worker).pathname]) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    }
    expect((await t.app.inject({ url: `${RUNNER_PATH}/frame-000000000000.js` })).statusCode).toBe(404);
  });

  it.each([
    ['quickjs/emscripten-module.wasm', 'application/wasm'],
    ['pyodide/pyodide.asm.wasm', 'application/wasm'],
    ['pyodide/pyodide.asm.mjs', 'text/javascript'],
    ['pyodide/python_stdlib.zip', 'application/zip'],
    ['pyodide/pyodide-lock.json', 'application/json'],
  ])('serves the runtime file %s from the app with CORS and a long cache', async (file, type) => {
    const { base } = await addresses();
    const res = await t.app.inject({ url: new URL(file, base).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeGreaterThan(1000);
  });

  it('answers 404 for any other file under the runtimes, or another version', async () => {
    const { base } = await addresses();
    for (const url of ['pyodide/package.json', '../../../package.json', 'pyodide/pyodide.mjs']) {
      expect((await t.app.inject({ url: new URL(url, base).pathname })).statusCode).toBe(404);
    }
    const res = await t.app.inject({ url: `${RUNNER_PATH}/runtimes/0.0.0/pyodide/pyodide.asm.wasm` });
    expect(res.statusCode).toBe(404);
  });

  it("lets the app's pages frame the runner, and nothing else of the app", async () => {
    const page = await t.app.inject({ url: '/course' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/frame-src 'self'/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
