// Secrets in URLs never reach the log: the token links the app sends (verification, password reset, one-time
// sign-in), secrets under a query name, and anything shaped like a token, on every line that shows a URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from './lib/log-redaction';
import { newToken } from './lib/tokens';
import { logLines } from './test/log-lines';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
const { stream, settled } = logLines();
beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream } });
});
afterAll(() => t.close());

/** The log lines written while `run` ran. */
async function logOf(run: () => Promise<unknown>): Promise<string> {
  const from = (await settled()).length;
  await run();
  return (await settled()).slice(from).join('\n');
}

describe('the request log', () => {
  it.each([
    ['the verification call', (token: string) => `/api/auth/verify/${token}`],
    ['the verification page', (token: string) => `/user/verify/${token}`],
    ['the password reset page', (token: string) => `/user/change-password/${token}`],
    ['the one-time sign-in page', (token: string) => `/user/sign-in/${token}`],
    ['a token in a query', (token: string) => `/api/course/getCourse?token=${token}`],
    ['a token-shaped path segment of a link still to come', (token: string) => `/user/new-link/${token}/next`],
    ['a token-shaped query value under any name', (token: string) => `/user/welcome?t=${token}&lang=en`],
  ])('never shows the token of %s', async (_what, link) => {
    const token = newToken();
    const log = await logOf(() => t.app.inject({ url: link(token) }));
    expect(log).toContain('"msg":"request"');
    expect(log).toContain(REDACTED);
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.slice(0, 20));
  });

  it('never shows a token, short or long, after a link name, also when the request is refused before routing', async () => {
    const log = await logOf(async () => {
      await t.app.inject({ url: '/user/change-password/short-secret' });
      await t.app.inject({ url: '/user/sign-in/abc%ff' });
    });
    expect(log).toContain('refused before routing');
    expect(log).not.toContain('short-secret');
    expect(log).not.toContain('abc%ff');
  });

  it('keeps what is no secret: ids, slugs, search words, content hashes and ordinary query values', async () => {
    const kept = [
      '/api/course/getLessonList/3f2b6c1e-8d4a-4b7e-9c1f-2a3b4c5d6e7f',
      '/api/search/typescript-generics-for-beginners-and-more',
      `/media/uploads/${'ab12'.repeat(16)}.png`,
      '/api/bug/list?tag=react&q=useEffect&unsolved=1',
    ];
    const log = await logOf(async () => {
      for (const url of kept) await t.app.inject({ url });
    });
    for (const url of kept) expect(log).toContain(`"url":"${url}"`);
    expect(log).not.toContain(REDACTED);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/user/verify/abc?next=/x', `/user/verify/${REDACTED}?next=/x`],
    ['/x?password=hunter2&a=1', `/x?password=${REDACTED}&a=1`],
    ['/x?api_key=1&resetCode=2&sig=3', `/x?api_key=${REDACTED}&resetCode=${REDACTED}&sig=${REDACTED}`],
    ['/x?flag', '/x?flag'],
    ['/', '/'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
