import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unauthorized } from '../../lib/errors';
import { MEDIA_KINDS } from './media-sniff';
import { createMediaTestApp, filesIn, type MediaTestApp } from './media-test-app';
import {
  gif,
  html,
  jpg,
  mp4Header,
  multipart,
  png,
  svg,
  video,
  vtt,
  stalledUpload,
  webmHeader,
  webp,
  zip,
} from './media-test-files';

let t: MediaTestApp;
beforeAll(async () => {
  t = await createMediaTestApp();
});
afterAll(() => t.close());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function upload(data: Buffer, filename = 'upload.bin', contentType = 'application/octet-stream') {
  const form = multipart([{ name: 'file', filename, contentType, data }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/studio/media',
    headers: { 'content-type': form.contentType },
    payload: form.body,
  });
}

async function uploaded(data: Buffer, filename?: string, contentType?: string): Promise<string> {
  const res = await upload(data, filename, contentType);
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json<{ url: string }>();
  return url;
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** A PNG of exactly `size` bytes: a real PNG's bytes, then padding. */
const pngOf = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length, 7)]);

describe('POST /api/studio/media', () => {
  it.each([
    ['png', png],
    ['jpg', jpg],
    ['webp', webp],
    ['gif', gif],
    ['mp4', video(mp4Header, 100_000)],
    ['webm', video(webmHeader, 100_000)],
    ['vtt', vtt],
  ] as const)('stores a %s under the sha256 of its bytes and serves it back', async (ext, bytes) => {
    const url = await uploaded(bytes, `whatever.${ext}`);
    expect(url).toBe(`/media/uploads/${sha256(bytes)}.${ext}`);
    expect(fs.readFileSync(path.join(t.mediaDir, `${sha256(bytes)}.${ext}`)).equals(bytes)).toBe(true);

    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe(MEDIA_KINDS[ext].contentType);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('judges the type by the bytes: a PNG named clip.webm and sent as video/webm is stored and served as a PNG', async () => {
    const url = await uploaded(png, 'clip.webm', 'video/webm');
    expect(url).toMatch(/\.png$/);
    expect((await get(url)).headers['content-type']).toBe('image/png');
  });

  it.each([
    ['SVG named .png and sent as image/png', svg, 'logo.png', 'image/png'],
    ['HTML named .vtt', html, 'captions.vtt', 'text/vtt'],
    ['a zip named .mp4', zip, 'lesson.mp4', 'video/mp4'],
    [
      'a text file named .vtt without the WEBVTT header',
      Buffer.from('00:00.000 --> 00:01.000\nHi\n'),
      'a.vtt',
      'text/vtt',
    ],
  ])('refuses %s with 415 and keeps nothing', async (_name, bytes, filename, contentType) => {
    const before = filesIn(t.mediaDir);
    const res = await upload(bytes, filename, contentType);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: 'Unsupported file type: upload a PNG, JPEG, WebP or GIF image, an MP4 or WebM video, or WebVTT captions',
    });
    expect(filesIn(t.mediaDir)).toEqual(before);
    expect(filesIn(t.tmpDir)).toEqual([]);
  });

  it('accepts an image of exactly 5 MB and refuses 5 MB + 1 byte with 413, leaving no partial file', async () => {
    const limit = MEDIA_KINDS.png.maxBytes;
    expect(limit).toBe(5 * 1024 * 1024);
    await uploaded(pngOf(limit));

    const before = filesIn(t.mediaDir);
    const res = await upload(pngOf(limit + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The file is too large: An image may be at most 5 MB' });
    expect(filesIn(t.tmpDir)).toEqual([]);
    expect(filesIn(t.mediaDir)).toEqual(before);
  });

  it('refuses captions over 1 MB with 413', async () => {
    const res = await upload(Buffer.concat([vtt, Buffer.alloc(MEDIA_KINDS.vtt.maxBytes, 0x0a)]));
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: string }>().error).toMatch(/captions file may be at most 1 MB/);
    expect(filesIn(t.tmpDir)).toEqual([]);
  });

  it('streams a video through: a streamed request body of 8 MB arrives whole', async () => {
    const bytes = video(webmHeader, 8 * 1024 * 1024, 3);
    const form = multipart([{ name: 'file', filename: 'lesson.webm', contentType: 'video/webm', data: bytes }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/studio/media',
      headers: { 'content-type': form.contentType },
      // 64 KiB at a time, as a socket would deliver it
      payload: Readable.from(
        (function* () {
          for (let i = 0; i < form.body.length; i += 65536) yield form.body.subarray(i, i + 65536);
        })(),
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    const key = `${sha256(bytes)}.webm`;
    expect(res.json()).toEqual({ url: `/media/uploads/${key}` });
    expect(fs.statSync(path.join(t.mediaDir, key)).size).toBe(bytes.length);
    expect(filesIn(t.tmpDir)).toEqual([]);
  });

  it('gives the same url for the same bytes and stores one file', async () => {
    const bytes = video(mp4Header, 50_000, 9);
    const first = await uploaded(bytes, 'a.mp4');
    const count = filesIn(t.mediaDir).length;
    const second = await uploaded(bytes, 'copy of a.mp4', 'application/octet-stream');
    expect(second).toBe(first);
    expect(filesIn(t.mediaDir).length).toBe(count);
    expect(filesIn(t.tmpDir)).toEqual([]);
  });

  describe('answers bad input with a 4xx naming the problem', () => {
    const post = (payload: string | Buffer | undefined, contentType?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/studio/media',
        headers: contentType ? { 'content-type': contentType } : {},
        ...(payload === undefined ? {} : { payload }),
      });

    it('no file, only a field: 400', async () => {
      const form = multipart([{ name: 'title', data: 'my picture' }]);
      const res = await post(form.body, form.contentType);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'No file: send it as multipart/form-data, in a field named "file"' });
    });

    it('an empty form: 400', async () => {
      const res = await post('', 'multipart/form-data; boundary=xyz');
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/^No file/);
    });

    it('the file in another field: 400 naming it', async () => {
      const form = multipart([{ name: 'image', filename: 'a.png', contentType: 'image/png', data: png }]);
      const res = await post(form.body, form.contentType);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'The file must be in the field "file", not "image"' });
    });

    it('an empty file: 400', async () => {
      const res = await upload(Buffer.alloc(0));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'The file is empty' });
    });

    it.each([
      ['JSON', JSON.stringify({ file: 'x' }), 'application/json'],
      ['plain text', 'hello', 'text/plain'],
      ['raw bytes', png, 'application/octet-stream'],
      ['an image body', png, 'image/png'],
      ['no body at all', undefined, undefined],
    ])('not multipart (%s): 415', async (_name, payload, contentType) => {
      const res = await post(payload, contentType);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error: 'Send the file as multipart/form-data, in a field named "file"' });
    });

    it('multipart without a boundary: 400', async () => {
      const res = await post('whatever', 'multipart/form-data');
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/^The body is not valid multipart\/form-data \(.+\)$/);
    });

    it('a body that breaks off in the middle of the file: 400, nothing kept', async () => {
      const form = multipart([{ name: 'file', filename: 'a.webm', data: video(webmHeader, 200_000) }]);
      const res = await post(form.body.subarray(0, 100_000), form.contentType);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/^The upload broke off or is not valid multipart\/form-data/);
      expect(filesIn(t.tmpDir)).toEqual([]);
    });

    it('a body cut anywhere before its closing boundary: 400, nothing stored', async () => {
      // A small file is refused at the end of the body, where the parser's complaint could come before the upload
      // was listened to.
      const form = multipart([{ name: 'file', filename: 'a.png', data: png }]);
      const closing = form.body.lastIndexOf('--\r\n');
      const before = filesIn(t.mediaDir);
      for (let cut = 1; cut <= closing; cut++) {
        const res = await post(form.body.subarray(0, cut), form.contentType);
        expect(res.statusCode, `cut at ${cut}: ${res.body}`).toBe(400);
        expect(res.json<{ error: string }>().error).toMatch(/not valid multipart\/form-data/);
      }
      expect(filesIn(t.mediaDir)).toEqual(before);
      expect(filesIn(t.tmpDir)).toEqual([]);
    });

    it('a file name with a NUL character: 400 before anything is stored', async () => {
      const bytes = Buffer.concat([png, Buffer.from('a file named with a NUL')]);
      const res = await upload(bytes, 'a.png\u0000.html', 'image/png');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'The file name may not contain the NUL character (U+0000)' });
      expect(filesIn(t.mediaDir)).not.toContain(`${sha256(bytes)}.png`);
      expect(filesIn(t.tmpDir)).toEqual([]);
    });

    it('refusals that come before the temporary file is open leave none behind, also once the open lands', async () => {
      // The temporary file opens asynchronously: an empty or broken-off upload is refused at once, and removing the
      // file before its open landed let the open create it again (7 in 200 such uploads left one behind).
      const empty = multipart([{ name: 'file', filename: 'a.webm', data: Buffer.alloc(0) }]);
      const cut = multipart([{ name: 'file', filename: 'a.webm', data: video(webmHeader, 200_000) }]);
      for (let i = 0; i < 200; i++) {
        const res =
          i % 2
            ? await post(empty.body, empty.contentType)
            : await post(cut.body.subarray(0, 100_000), cut.contentType);
        expect(res.statusCode).toBe(400);
      }
      // Only gives a late open the time to show; with the fix nothing is pending once the answer is out.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(filesIn(t.tmpDir)).toEqual([]);
    });

    it('too many fields before the file: 413', async () => {
      const fields = Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, data: 'x' }));
      const form = multipart([...fields, { name: 'file', filename: 'a.png', data: png }]);
      const res = await post(form.body, form.contentType);
      expect(res.statusCode).toBe(413);
      expect(res.json<{ error: string }>().error).toMatch(/^Too many form fields/);
    });
  });
});

describe('GET /media/uploads/<hash>.<ext>', () => {
  const bytes = video(webmHeader, 10_000, 5);
  let url: string;
  beforeAll(async () => {
    url = await uploaded(bytes);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, 9999],
    ['bytes=9990-20000', 9990, 9999],
    ['bytes=-10', 9990, 9999],
    ['bytes=-20000', 0, 9999],
  ])('%s answers 206 with that part and its content-range', async (range, start, end) => {
    const res = await get(url, { range });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/10000`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.headers['content-type']).toBe('video/webm');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it.each([['bytes=10000-'], ['bytes=20000-30000'], ['bytes=-0']])(
    '%s is unsatisfiable: 416 with bytes */size',
    async (range) => {
      const res = await get(url, { range });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */10000');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ error: 'Range not satisfiable: the file has 10000 bytes' });
    },
  );

  it.each([['bytes=0-1,5-9'], ['bytes=9-1'], ['items=0-9'], ['bytes=abc']])(
    'a range it does not serve (%s) is ignored: the whole file, 200',
    async (range) => {
      const res = await get(url, { range });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
    },
  );

  it('honours If-Range: the file itself (its etag) gets the part, anything else the whole file', async () => {
    const etag = (await get(url)).headers.etag as string;
    expect(etag).toBe(`"${sha256(bytes)}"`);
    expect((await get(url, { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    expect((await get(url, { range: 'bytes=0-9', 'if-range': '"other"' })).statusCode).toBe(200);
  });

  it('HEAD answers the headers without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url, headers: { range: 'bytes=10-19' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-length']).toBe('10');
    expect(res.headers['content-range']).toBe('bytes 10-19/10000');
    expect(res.rawPayload.length).toBe(0);
  });

  it('is never compressed, so ranges stay byte-exact', async () => {
    const captions = await uploaded(Buffer.concat([vtt, Buffer.from('x'.repeat(5000))]));
    const res = await get(captions, { 'accept-encoding': 'gzip, br', range: 'bytes=0-5' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('WEBVTT');
  });

  it.each([
    [`/media/uploads/${'0'.repeat(64)}.png`],
    [`/media/uploads/${'A'.repeat(64)}.png`],
    ['/media/uploads/abc.png'],
    [`/media/uploads/${'0'.repeat(64)}.svg`],
    ['/media/uploads/..%2F..%2Fserver.lock'],
    ['/media/uploads/tmp'],
  ])('%s: 404', async (missing) => {
    const res = await get(missing);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No such media file' });
  });
});

describe('over HTTP', () => {
  it('a too-large upload is answered 413 before its body is sent, and the connection is closed', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const boundary = 'over-http-boundary';
    const total = 64 * 1024 * 1024;
    let sent = 0;
    const { status, body, closed } = await new Promise<{ status: number; body: string; closed: boolean }>(
      (resolve, reject) => {
        const req = http.request(`${address}/api/studio/media`, {
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        req.on('error', () => {}); // the server closes the connection on a body it refused: expected
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString(),
              closed: res.headers.connection === 'close',
            }),
          );
          res.on('error', reject);
        });
        req.write(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.png"\r\n\r\n`);
        req.write(png);
        const filler = Buffer.alloc(65536, 7);
        const pump = () => {
          while (sent < total && !req.destroyed) {
            sent += filler.length;
            if (!req.write(filler)) return void req.once('drain', pump);
          }
        };
        pump();
      },
    );
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ error: 'The file is too large: An image may be at most 5 MB' });
    expect(closed).toBe(true);
    expect(sent).toBeLessThan(total);
    expect(filesIn(t.tmpDir)).toEqual([]);
  });
});

describe('the guard', () => {
  it('runs before the body is read: a refused upload is answered while its body is still unsent', async () => {
    const refused = await createMediaTestApp({
      guard: async () => {
        throw unauthorized();
      },
    });
    try {
      const { body, contentType } = stalledUpload();
      const res = await refused.app.inject({
        method: 'POST',
        url: '/api/studio/media',
        headers: { 'content-type': contentType },
        payload: body,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Please sign in to do this' });
      expect(filesIn(refused.tmpDir)).toEqual([]);
      expect(filesIn(refused.mediaDir)).toEqual([]);
      body.destroy();
    } finally {
      await refused.close();
    }
  });
});
