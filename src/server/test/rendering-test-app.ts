// A test app that renders pages as the built server does: the real index.html with its inline scripts, written to a
// temporary web directory, and the web app's page renderer (given by the test: server code never imports the web
// app's). `renderedPage` reads one address as a parsed HTML document.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Window } from 'happy-dom';
import { expect } from 'vitest';
import { inlineScripts } from '../../../scripts/inline-scripts';
import type { Config } from '../config';
import { type AppOptions } from '../app';
import { createTestApp, type TestApp } from './test-app';

const repo = path.join(import.meta.dirname, '../../..');
const window = new Window();

export const parseHtml = (html: string) => new window.DOMParser().parseFromString(html, 'text/html');

export async function createRenderingTestApp(
  createPageRenderer: AppOptions['createPageRenderer'],
  config: Partial<Config> = {},
): Promise<TestApp> {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-ssr-'));
  const template = await inlineScripts(fs.readFileSync(path.join(repo, 'index.html'), 'utf8'), repo);
  fs.writeFileSync(path.join(webDir, 'index.html'), template.html);
  return createTestApp({ config: { webDir, ...config }, createPageRenderer });
}

/** GET `url` from `t`: it must answer `status` with HTML; answers the parsed document. */
export async function renderedPage(t: TestApp, url: string, status: number) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(status);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return parseHtml(res.body);
}
