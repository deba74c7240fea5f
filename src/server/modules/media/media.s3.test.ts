// The media routes on S3-compatible storage: a local s3rver on a free port, in a temporary directory, configured
// through the S3_* settings exactly as the server would be.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type S3Config } from '../../config';
import { createCourse } from '../../test/factories';
import { freePort } from '../../test/free-port';
import { MEDIA_KINDS } from './media-sniff';
import { S3MediaStorage } from './media-storage';
import { sweepUnreferencedMedia } from './media-sweep';
import { createMediaTestApp, filesIn, type MediaTestApp } from './media-test-app';
import { multipart, png, svg, video, webmHeader } from './media-test-files';

let s3dir: string;
let server: S3rver;
let bucket: S3MediaStorage;
let t: MediaTestApp;

beforeAll(async () => {
  s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'devcourses-s3rver-'));
  const port = await freePort();
  server = new S3rver({ address: '127.0.0.1', port, directory: s3dir, silent: true });
  await server.run();
  const { s3 } = loadConfig({
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'devcourses-media',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  if (!s3) throw new Error('S3_BUCKET did not turn the S3 mode on');
  bucket = S3MediaStorage.fromConfig(s3);
  await bucket.client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
  // No storage passed: the plugin builds it from config.s3, as in the server.
  t = await createMediaTestApp({ config: { s3: s3 satisfies S3Config } });
});

afterAll(async () => {
  await t?.close();
  bucket?.close();
  await server?.close();
  fs.rmSync(s3dir, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const objectKeys = async () =>
  ((await bucket.client.send(new ListObjectsV2Command({ Bucket: bucket.bucket }))).Contents ?? []).map((o) => o.Key);

function upload(data: Buffer, filename = 'upload.bin') {
  const form = multipart([{ name: 'file', filename, contentType: 'application/octet-stream', data }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/studio/media',
    headers: { 'content-type': form.contentType },
    payload: form.body,
  });
}
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('media on S3-compatible storage', () => {
  const clip = video(webmHeader, 3 * 1024 * 1024, 11);
  const key = `${sha256(clip)}.webm`;
  let url: string;

  beforeAll(async () => {
    const res = await upload(clip, 'lesson.webm');
    expect(res.statusCode, res.body).toBe(200);
    url = res.json<{ url: string }>().url;
  });

  it('stores the upload in the bucket under its content hash, and nothing on local disk', async () => {
    expect(url).toBe(`/media/uploads/${key}`);
    const head = await bucket.client.send(new HeadObjectCommand({ Bucket: bucket.bucket, Key: key }));
    expect(head.ContentLength).toBe(clip.length);
    expect(head.ContentType).toBe('video/webm');
    expect(filesIn(t.mediaDir)).toEqual([]);
    expect(filesIn(t.tmpDir)).toEqual([]);
  });

  it('serves it from the app, streamed from the bucket', async () => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(clip)).toBe(true);
    expect(res.headers['content-type']).toBe('video/webm');
    expect(res.headers['content-length']).toBe(String(clip.length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['accept-ranges']).toBe('bytes');
  });

  it.each([
    ['bytes=1000-1999', 1000, 1999],
    ['bytes=3145000-', 3145000, 3145727],
    ['bytes=-500', 3145228, 3145727],
  ])('forwards Range %s: 206 with that part', async (range, start, end) => {
    const res = await get(url, { range });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${clip.length}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.rawPayload.equals(clip.subarray(start, end + 1))).toBe(true);
  });

  it.each([['bytes=3145728-'], ['bytes=-0']])('%s is unsatisfiable: 416 with bytes */size', async (range) => {
    const res = await get(url, { range });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${clip.length}`);
  });

  it('the same bytes give the same url and one object', async () => {
    const before = await objectKeys();
    const res = await upload(clip, 'again.webm');
    expect(res.json()).toEqual({ url });
    expect(await objectKeys()).toEqual(before);
  });

  it('refuses an image over 5 MB with 413 and an SVG with 415, storing nothing', async () => {
    const before = await objectKeys();
    const big = await upload(Buffer.concat([png, Buffer.alloc(MEDIA_KINDS.png.maxBytes, 1)]));
    expect(big.statusCode).toBe(413);
    expect((await upload(svg, 'logo.png')).statusCode).toBe(415);
    expect(await objectKeys()).toEqual(before);
    expect(filesIn(t.tmpDir)).toEqual([]);
  });

  it('an unknown file is 404', async () => {
    const res = await get(`/media/uploads/${'1'.repeat(64)}.png`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No such media file' });
  });
});

describe('the sweep of unreferenced uploads on S3-compatible storage', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const distinct = (tag: string): Buffer => Buffer.concat([png, Buffer.from(tag)]);
  const keyOf = async (data: Buffer) => {
    const res = await upload(data, 'cover.png');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ url: string }>().url.slice('/media/uploads/'.length);
  };

  it('removes old objects nothing references from the bucket and keeps the referenced ones', async () => {
    const kept = await keyOf(distinct('kept on S3'));
    const orphan = await keyOf(distinct('orphan on S3'));
    await createCourse(t.app.database.db, { title: 'On S3', cover: `/media/uploads/${kept}` });

    // Within the grace period: nothing goes.
    expect((await sweepUnreferencedMedia(t.app.database.db, bucket, { graceMs: DAY })).deleted).toEqual([]);

    const later = new Date(Date.now() + 2 * DAY);
    const { deleted } = await sweepUnreferencedMedia(t.app.database.db, bucket, { graceMs: DAY, now: later });
    expect(deleted).toContain(orphan);
    expect(deleted).not.toContain(kept);
    const left = await objectKeys();
    expect(left).toContain(kept);
    expect(left).not.toContain(orphan);
    expect((await get(`/media/uploads/${kept}`)).statusCode).toBe(200);
    expect((await get(`/media/uploads/${orphan}`)).statusCode).toBe(404);
  });

  it('an upload of the same bytes gives the object a new LastModified (the grace period starts again)', async () => {
    const bytes = distinct('uploaded twice on S3');
    const key = await keyOf(bytes);
    const modified = async () =>
      (await bucket.client.send(new HeadObjectCommand({ Bucket: bucket.bucket, Key: key }))).LastModified?.getTime() ??
      0;
    const before = await modified();
    // S3 dates have whole seconds: upload again until the date moves on.
    await expect
      .poll(
        async () => {
          await keyOf(bytes);
          return modified();
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBeGreaterThan(before);
    expect((await get(`/media/uploads/${key}`)).headers['content-type']).toBe('image/png');
  });
});
