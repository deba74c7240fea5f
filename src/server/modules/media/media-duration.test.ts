import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../paths';
import { durationOfLink } from './media-duration';
import { LocalMediaStorage } from './media-storage';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'media-duration-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const demo = { publicDir: PATHS.publicDir };

describe('durationOfLink', () => {
  it('reads a demo clip’s duration from its header', async () => {
    expect(await durationOfLink('/media/lessons/css-1.webm', demo)).toBeCloseTo(23, 0);
  });

  it('reads an uploaded video from the media storage', async () => {
    const storage = new LocalMediaStorage(tmp);
    const key = `${'a'.repeat(64)}.webm`;
    const file = path.join(PATHS.publicDir, 'media/lessons/git-5.webm');
    await storage.put(key, { stream: fs.createReadStream(file), size: fs.statSync(file).size });
    expect(await durationOfLink(`/media/uploads/${key}`, { storage })).toBeCloseTo(14.7, 0);
    expect(await durationOfLink(`/media/uploads/${'b'.repeat(64)}.webm`, { storage })).toBeNull();
  });

  it('answers null for third-party links, other files, paths outside public/ and malformed links', async () => {
    for (const link of [
      'https://www.youtube.com/watch?v=abcdefghijk',
      '/media/about.svg',
      '/media/../package.json',
      '/media/%2e%2e/%2e%2e/etc/passwd.webm',
      '/media/%E0%A4%A.webm',
      '/media/video/missing.webm',
    ])
      expect(await durationOfLink(link, demo), link).toBeNull();
  });

  it('answers null for a file that is not a video', async () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'public-'));
    fs.mkdirSync(path.join(dir, 'media'));
    fs.writeFileSync(path.join(dir, 'media', 'fake.webm'), 'not a video at all');
    expect(await durationOfLink('/media/fake.webm', { publicDir: dir })).toBeNull();
  });
});
