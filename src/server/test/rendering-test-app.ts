// A test app that renders pages as the built server does: the real index.html with its inline scripts, written to a
// temporary web directory, and the web app's page renderer (given by the test: server code never imports the web
// app's). `renderedPage` reads one address as a parsed HTML document.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Window } from 'happy-dom';
import { expect } from 'vitest';
import { inlineScripts } from '../../../scripts/inline-scripts';
import { type AppOptions } from '../app';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

const repo = path.join(import.meta.dirname, '../../..');
const window = new Window();

export const parseHtml = (html: string) => new window.DOMParser().parseFromString(html, 'text/html');

/** A test app with the real page template in a temporary web directory, removed by `close`. `webFiles` are the
 *  site's other files, by path in that directory: written before the server starts, as the build leaves them. */
export async function createRenderingTestApp(
  createPageRenderer: AppOptions['createPageRenderer'],
  {
    webFiles = {},
    ...options
  }: Omit<TestAppOptions, 'createPageRenderer'> & { webFiles?: Record<string, string> } = {},
): Promise<TestApp> {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-ssr-'));
  const template = await inlineScripts(fs.readFileSync(path.join(repo, 'index.html'), 'utf8'), repo);
  fs.writeFileSync(path.join(webDir, 'index.html'), template.html);
  for (const [file, content] of Object.entries(webFiles)) {
    fs.mkdirSync(path.dirname(path.join(webDir, file)), { recursive: true });
    fs.writeFileSync(path.join(webDir, file), content);
  }
  const t = await createTestApp({ ...options, config: { webDir, ...options.config }, createPageRenderer });
  return {
    ...t,
    async close() {
      await t.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    },
  };
}

/** GET `url` from `t`: it must answer `status` with HTML; answers the parsed document. */
export async function renderedPage(t: TestApp, url: string, status: number) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(status);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return parseHtml(res.body);
}
