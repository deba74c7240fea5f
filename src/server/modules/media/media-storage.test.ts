import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createMediaStorage,
  LocalMediaStorage,
  RangeNotSatisfiableError,
  resolveRange,
  S3MediaStorage,
} from './media-storage';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'devcourses-media-storage-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const KEY = `${'a'.repeat(64)}.vtt`;

describe('resolveRange', () => {
  it.each([
    [{ start: 0, end: 9 }, 100, { start: 0, end: 9 }],
    [{ start: 90 }, 100, { start: 90, end: 99 }],
    [{ start: 90, end: 500 }, 100, { start: 90, end: 99 }],
    [{ start: 100 }, 100, undefined],
    [{ suffix: 10 }, 100, { start: 90, end: 99 }],
    [{ suffix: 500 }, 100, { start: 0, end: 99 }],
    [{ suffix: 0 }, 100, undefined],
    [{ suffix: 5 }, 0, undefined],
  ])('%j of %d bytes → %j', (range, size, expected) => {
    expect(resolveRange(range, size)).toEqual(expected);
  });
});

describe('LocalMediaStorage', () => {
  it('puts from a stream or by moving a file, gets whole or in part, deletes', async () => {
    const storage = new LocalMediaStorage(dir);
    expect(await storage.exists(KEY)).toBe(false);
    expect(await storage.get(KEY)).toBeUndefined();

    await storage.put(KEY, { stream: Readable.from([Buffer.from('WEBVTT\n\nhello')]), size: 13 });
    expect(await storage.exists(KEY)).toBe(true);
    const whole = await storage.get(KEY);
    expect(whole && { size: whole.size, contentType: whole.contentType, body: await text(whole.stream) }).toEqual({
      size: 13,
      contentType: 'text/vtt; charset=utf-8',
      body: 'WEBVTT\n\nhello',
    });
    const part = await storage.get(KEY, { suffix: 5 });
    expect(part && { range: part.range, body: await text(part.stream) }).toEqual({
      range: { start: 8, end: 12 },
      body: 'hello',
    });
    await expect(storage.get(KEY, { start: 13 })).rejects.toEqual(new RangeNotSatisfiableError(13));

    const other = `${'b'.repeat(64)}.vtt`;
    const file = path.join(dir, 'finished.upload');
    fs.writeFileSync(file, 'WEBVTT\n');
    await storage.put(other, { path: file, size: 7 });
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readFileSync(path.join(dir, other), 'utf8')).toBe('WEBVTT\n');

    await storage.delete(KEY);
    expect(await storage.exists(KEY)).toBe(false);
    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual([]);
  });

  it.each([['../escape.png'], ['tmp/../../x'], ['/etc/passwd'], ['']])('refuses the key %j', async (key) => {
    await expect(new LocalMediaStorage(dir).get(key)).rejects.toThrow(/Not a media key/);
  });
});

describe('createMediaStorage', () => {
  it('is local under DATA_DIR/media without S3 settings, the bucket with them', () => {
    const local = createMediaStorage({ dataDir: dir });
    expect(local).toBeInstanceOf(LocalMediaStorage);
    expect((local as LocalMediaStorage).dir).toBe(path.join(dir, 'media'));
    const s3 = createMediaStorage({
      dataDir: dir,
      s3: { bucket: 'b', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true },
    });
    expect(s3).toBeInstanceOf(S3MediaStorage);
    s3.close();
  });
});
