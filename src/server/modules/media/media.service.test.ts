import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MEDIA_KINDS } from './media-sniff';
import { LocalMediaStorage, type MediaStorage } from './media-storage';
import { parseRange, storeUpload, sweepTmp } from './media.service';
import { png, video, webmHeader } from './media-test-files';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'devcourses-media-service-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('parseRange', () => {
  const etag = '"abc"';
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=5-', { start: 5 }],
    ['bytes=-20', { suffix: 20 }],
    ['bytes=-0', { suffix: 0 }],
    ['BYTES = 1-2', undefined],
    ['bytes= 1-2 ', { start: 1, end: 2 }],
    ['bytes=1-0', undefined],
    ['bytes=-', undefined],
    ['bytes=0-1,4-5', undefined],
    ['bytes=1e3-', undefined],
    ['bytes=9999999999999999-', undefined],
    ['pages=1-2', undefined],
    [undefined, undefined],
  ])('%j → %j', (header, expected) => {
    expect(parseRange(header, undefined, etag)).toEqual(expected);
  });

  it('asks for a part only when If-Range is absent or names this file', () => {
    expect(parseRange('bytes=0-1', etag, etag)).toEqual({ start: 0, end: 1 });
    expect(parseRange('bytes=0-1', '"other"', etag)).toBeUndefined();
    expect(parseRange('bytes=0-1', 'Wed, 21 Oct 2015 07:28:00 GMT', etag)).toBeUndefined();
  });
});

describe('storeUpload', () => {
  const tmpDir = () => path.join(dir, 'tmp');

  it('throws a storage failure (a 500, not a refusal) and leaves no temporary file', async () => {
    const failing: MediaStorage = {
      exists: async () => false,
      put: async () => {
        throw new Error('bucket unreachable');
      },
      get: async () => undefined,
      delete: async () => {},
      list: async function* () {},
      close: () => {},
    };
    await expect(storeUpload(failing, tmpDir(), Readable.from([png]))).rejects.toThrow('bucket unreachable');
    expect(fs.readdirSync(tmpDir())).toEqual([]);
  });

  it('an upload stream that fails midway is a malformed upload, and nothing stays behind', async () => {
    const broken = Readable.from(
      (function* () {
        yield video(webmHeader, 100_000);
        throw new Error('Unexpected end of form');
      })(),
    );
    await expect(storeUpload(new LocalMediaStorage(dir), tmpDir(), broken)).rejects.toMatchObject({
      kind: 'invalid',
      message: 'The upload broke off or is not valid multipart/form-data (Unexpected end of form)',
    });
    expect(fs.readdirSync(tmpDir())).toEqual([]);
  });

  it('a file the parser cut at its own limit (truncated) is too large', async () => {
    const cut = Object.assign(Readable.from([video(webmHeader, 10_000)]), { truncated: true });
    await expect(storeUpload(new LocalMediaStorage(dir), tmpDir(), cut)).rejects.toMatchObject({
      kind: 'too-large',
      message: `The file is too large: A video may be at most ${MEDIA_KINDS.webm.maxBytes / (1024 * 1024)} MB`,
    });
    expect(fs.readdirSync(dir).filter((name) => name !== 'tmp')).toEqual([]);
  });
});

describe('sweepTmp', () => {
  it('removes temporary files older than the given age and keeps newer ones', async () => {
    const old = path.join(dir, 'old.upload');
    const fresh = path.join(dir, 'fresh.upload');
    fs.writeFileSync(old, 'x');
    fs.writeFileSync(fresh, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
    await sweepTmp(dir, 60 * 60 * 1000);
    expect(fs.readdirSync(dir)).toEqual(['fresh.upload']);
  });

  it('is quiet when the directory does not exist yet', async () => {
    await expect(sweepTmp(path.join(dir, 'missing'), 1000)).resolves.toBeUndefined();
  });
});
