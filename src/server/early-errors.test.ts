// Every answer carries the security headers and, when it is a failure, the `{error}` body — including
// the ones Fastify gives before any route or hook runs: a URL that is not valid percent-encoding, a body that is not
// JSON or too large, a content type nobody parses, and requests so malformed Node's HTTP parser refuses them.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anErrorBody } from './test/matchers';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function expectHardened(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cache-control']).toBe('no-store');
}

describe('early errors', () => {
  it.each(['/course/%ff', '/api/lession/getLessionList/%ff', '/api/search/%E0%A4%A'])(
    'answers a URL that is not valid percent-encoding (%s) with 400 {error} and the security headers',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual(anErrorBody(/URL/));
      expect(res.body).not.toContain('FST_ERR');
      expectHardened(res.headers);
    },
  );

  const post = (headers: Record<string, string>, payload: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/loginUser', headers, payload });

  it.each([
    ['malformed JSON', { 'content-type': 'application/json' }, '{"email": ', 400],
    ['an unparsed content type', { 'content-type': 'text/xml' }, '<a/>', 415],
    ['a content type that is not one', { 'content-type': ';;;' }, 'x', 415],
    ['a body over the limit', { 'content-type': 'application/json' }, JSON.stringify({ e: 'x'.repeat(300_000) }), 413],
    ['an empty JSON body', { 'content-type': 'application/json' }, '', 400],
  ])('answers %s with {error} and the security headers', async (_what, headers, payload, status) => {
    const res = await post(headers, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(anErrorBody());
    expect(res.body).not.toContain('FST_ERR');
    expectHardened(res.headers);
  });

  it('answers an unknown API path with 404 {error} and the security headers', async () => {
    const res = await t.app.inject({ url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(anErrorBody());
    expectHardened(res.headers);
  });
});

describe('requests the HTTP parser refuses', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  /** Sends raw bytes and reads the whole answer (the server closes the connection after a parser error). */
  function raw(request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  function parse(answer: string) {
    const [head, body] = answer.split('\r\n\r\n');
    const [statusLine, ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as unknown };
  }

  it.each([
    ['a method that is not one', 'FOO / HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['a header line without a colon', 'GET / HTTP/1.1\r\nHost: x\r\nnonsense\r\n\r\n', 400],
    ['headers over the size limit', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ])('answers %s with {error} and the security headers', async (_what, request, status) => {
    const res = parse(await raw(request));
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(anErrorBody());
    expectHardened(res.headers);
  });
});
