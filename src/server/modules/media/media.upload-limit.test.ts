// The upload budget of one author: the whole app with its real guard (authors and admins), on a fresh DATA_DIR.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { filesIn } from './media-test-app';
import { multipart, png, stalledUpload } from './media-test-files';
import { UPLOAD_LIMITS } from './media-upload-limit';

let dataDir: string;
let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devcourses-upload-limit-'));
  t = await createTestApp({ config: { dataDir } });
  alice = await createUser(t.database.db, { role: 'author' });
  bob = await createUser(t.database.db, { role: 'author' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A PNG of `size` bytes, different for each `n`. */
const pngOf = (size: number, n: number) => Buffer.concat([png, Buffer.alloc(size - png.length, n)]);

function upload(user: TestUser, data: Buffer) {
  const form = multipart([{ name: 'file', filename: 'cover.png', contentType: 'image/png', data }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/studio/media',
    headers: { 'content-type': form.contentType, 'auth-token': user.token },
    payload: form.body,
  });
}

describe('uploads per author', () => {
  it('takes a burst of 10 uploads a minute, then answers 429 with Retry-After; another author keeps their own budget', async () => {
    expect(UPLOAD_LIMITS.perMinute).toBe(10);
    const statuses: number[] = [];
    for (let n = 0; n < 40; n++) statuses.push((await upload(alice, pngOf(4 * 1024 * 1024, n))).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual(Array<number>(30).fill(429));
    // Only the ten accepted files were kept.
    expect(filesIn(path.join(dataDir, 'media'))).toHaveLength(10);

    const refused = await upload(alice, pngOf(1024, 99));
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: string }>().error).toMatch(/^Too many uploads\. Try again in \d+ seconds\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    expect((await upload(bob, pngOf(1024, 1))).statusCode).toBe(200);
  });

  it('refuses before the body is read: the answer comes while the body is still unsent', async () => {
    const { body, contentType } = stalledUpload();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/studio/media',
      headers: { 'content-type': contentType, 'auth-token': alice.token },
      payload: body,
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers.connection).toBe('close');
    expect(filesIn(path.join(dataDir, 'media', 'tmp'))).toEqual([]);
    body.destroy();
  });
});

describe('the hourly budget', () => {
  it('counts over the hour too', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'devcourses-upload-limit-'));
    const small = await createTestApp({
      config: { dataDir: dir },
      media: { uploadLimits: { perMinute: 10, perHour: 3 } },
    });
    try {
      const carol = await createUser(small.database.db, { role: 'admin' });
      const statuses: number[] = [];
      for (let n = 0; n < 5; n++) {
        const form = multipart([{ name: 'file', filename: 'a.png', data: pngOf(2048, n) }]);
        const res = await small.app.inject({
          method: 'POST',
          url: '/api/studio/media',
          headers: { 'content-type': form.contentType, 'auth-token': carol.token },
          payload: form.body,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await small.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
