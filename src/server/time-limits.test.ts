// How long a client may take, over real sockets with short limits: slow or missing headers, a slow body and an idle
// kept-alive connection are answered 408 (when there is still an answer to give) and their connection closed; a slow
// upload is cut off the same way and leaves no temporary file, while an upload that keeps moving may take longer
// than any of those limits.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimeLimits } from './lib/time-limits';
import { filesIn, letEveryoneIn } from './modules/media/media-test-app';
import { png } from './modules/media/media-test-files';
import { createTestApp, type TestApp } from './test/test-app';

const limits: TimeLimits = {
  headersMs: 500,
  bodyMs: 800,
  uploadMinBytes: 16 * 1024,
  uploadWindowMs: 600,
  keepAliveMs: 500,
  checkMs: 50,
};
/** Long enough for a loaded machine, far shorter than anything that was left open before. */
const CLOSED_WITHIN_MS = 15_000;

let t: TestApp;
let port: number;
let dataDir: string;
const tmpDir = () => path.join(dataDir, 'media', 'tmp');
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devcourses-limits-'));
  t = await createTestApp({ config: { dataDir }, timeLimits: limits, media: { guard: letEveryoneIn } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Connection {
  socket: net.Socket;
  /** Everything the server sent. */
  answer(): string;
  /** Resolves when the server has closed the connection, with how long it was open; rejects if it stays open. */
  closed: Promise<number>;
}

async function connect(): Promise<Connection> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const opened = Date.now();
  let answer = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (answer += chunk));
  socket.on('error', () => {}); // a reset after the answer is part of being cut off
  const closed = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${CLOSED_WITHIN_MS} ms; received: ${answer}`));
    }, CLOSED_WITHIN_MS);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - opened);
    });
  });
  return { socket, answer: () => answer, closed };
}

/** Writes `chunk` every `everyMs` until the connection closes. */
function trickle(socket: net.Socket, chunk: string | Buffer, everyMs: number) {
  const timer = setInterval(() => {
    if (socket.writable) socket.write(chunk);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

function parse(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head: head.toLowerCase(), body: JSON.parse(body) as unknown };
}

describe('time limits', () => {
  it('headers that trickle in are answered 408 and the connection closed', async () => {
    const c = await connect();
    c.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    trickle(c.socket, 'a', 50);
    const ms = await c.closed;
    expect(ms).toBeGreaterThanOrEqual(limits.headersMs);
    const res = parse(c.answer());
    expect(res.status).toBe(408);
    expect(res.head).toContain('connection: close');
    expect(res.body).toEqual({ error: 'The request took too long to arrive' });
  });

  it('a connection that never sends a request is closed', async () => {
    const c = await connect();
    expect(await c.closed).toBeGreaterThanOrEqual(limits.headersMs);
  });

  it('a kept-alive connection left idle after its answer is closed', async () => {
    const c = await connect();
    c.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    await c.closed;
    expect(c.answer()).toMatch(/^HTTP\/1.1 200/);
    expect(c.answer()).toContain('keep-alive');
  });

  it('a JSON body that trickles in is answered 408 and the connection closed', async () => {
    const c = await connect();
    c.socket.write(
      'POST /api/auth/loginUser HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{',
    );
    trickle(c.socket, ' ', 50);
    const ms = await c.closed;
    expect(ms).toBeGreaterThanOrEqual(limits.bodyMs);
    const res = parse(c.answer());
    expect(res.status).toBe(408);
    expect(res.body).toEqual({ error: 'The request body took over 0.8 s to arrive' });
  });

  const boundary = 'time-limits-boundary';
  const partHead = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\n\r\n`;
  const partTail = `\r\n--${boundary}--\r\n`;
  /** The request's head and the file part's head, for a body of `fileBytes` bytes of file. */
  const uploadHead = (fileBytes: number) =>
    `POST /api/studio/media HTTP/1.1\r\nHost: x\r\ncontent-type: multipart/form-data; boundary=${boundary}\r\n` +
    `content-length: ${partHead.length + fileBytes + partTail.length}\r\n\r\n${partHead}`;

  it('an upload that slows to less than the minimum rate is cut off with 408 and leaves no temporary file', async () => {
    const c = await connect();
    c.socket.write(uploadHead(10_000_000));
    c.socket.write(Buffer.concat([png, Buffer.alloc(8192, 7)]));
    trickle(c.socket, Buffer.alloc(100, 7), 50); // 2 KB/s, against at least 16 KB in 0.6 s
    // The upload is being written to its temporary file...
    await expect.poll(() => filesIn(tmpDir()).length, { timeout: CLOSED_WITHIN_MS }).toBe(1);
    // ...until it is cut off, which removes it.
    await c.closed;
    const res = parse(c.answer());
    expect(res.status).toBe(408);
    expect(res.body).toEqual({ error: 'The upload arrived too slowly: less than 16 KB in 0.6 s' });
    await expect.poll(() => filesIn(tmpDir()), { timeout: CLOSED_WITHIN_MS }).toEqual([]);
  });

  it('an upload that keeps moving may take longer than every other limit', async () => {
    const chunk = Buffer.alloc(32 * 1024, 7);
    const chunks = 40; // one every 50 ms: two seconds, over two of the other limits and three upload windows
    const c = await connect();
    c.socket.write(uploadHead(png.length + chunks * chunk.length));
    c.socket.write(png);
    const started = Date.now();
    await new Promise<void>((resolve) => {
      let sent = 0;
      const timer = setInterval(() => {
        c.socket.write(chunk);
        if (++sent === chunks) {
          clearInterval(timer);
          c.socket.write(partTail);
          resolve();
        }
      }, 50);
    });
    // Answered, then closed once idle.
    await c.closed;
    expect(Date.now() - started).toBeGreaterThan(limits.bodyMs);
    const res = parse(c.answer());
    expect(res.status, c.answer()).toBe(200);
    expect(res.body).toEqual({ url: expect.stringMatching(/^\/media\/uploads\/[0-9a-f]{64}\.png$/) as unknown });
  });
});
