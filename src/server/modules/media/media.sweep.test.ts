// Unreferenced uploads are removed after the grace period; referenced ones never are, wherever the reference is
// (course, lesson, tutorial, post, captions; drafts too; percent-escaped too). The whole app with its real guard on a
// fresh DATA_DIR; content is written through the Studio API, files are uploaded through the upload route.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioCourse } from '../../../shared/studio';
import { createBlogs, createUser, type TestUser } from '../../test/factories';
import { call, type Method } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { LocalMediaStorage } from './media-storage';
import { referencedMediaHashes, sweepUnreferencedMedia } from './media-sweep';
import { filesIn } from './media-test-app';
import { multipart, png, video, vtt, webmHeader } from './media-test-files';

const DAY = 24 * 60 * 60 * 1000;

let dataDir: string;
let mediaDir: string;
let storage: LocalMediaStorage;
let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devcourses-sweep-'));
  mediaDir = path.join(dataDir, 'media');
  // No periodic sweep in this app: the tests call the sweep themselves, with their own clock.
  t = await createTestApp({
    config: { dataDir },
    media: { sweep: false, uploadLimits: { perMinute: 1e6, perHour: 1e6 } },
  });
  storage = new LocalMediaStorage(mediaDir);
  alice = await createUser(t.database.db, { role: 'author' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
/** A distinct PNG, uploaded through the route; its url and key. */
async function upload(data: Buffer = Buffer.concat([png, Buffer.from(`#${counter++}`)])) {
  const form = multipart([{ name: 'file', filename: 'f', contentType: 'application/octet-stream', data }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/studio/media',
    headers: { 'content-type': form.contentType, 'auth-token': alice.token },
    payload: form.body,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json<{ url: string }>();
  return { url, key: url.slice('/media/uploads/'.length) };
}

async function studio(method: Method, url: string, payload?: object) {
  const res = await call(t.app, method, url, alice, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Record<string, unknown>>();
}

/** Makes a stored file look `ageMs` old. */
function age(key: string, ageMs: number) {
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(path.join(mediaDir, key), when, when);
}

const sweep = (graceMs = DAY) => sweepUnreferencedMedia(t.database.db, storage, { graceMs });

describe('sweepUnreferencedMedia', () => {
  it('removes nothing while the database holds no content at all (a fresh database beside old files)', async () => {
    const { key } = await upload();
    age(key, 10 * DAY);
    expect(await sweep()).toEqual({ deleted: [], referenced: 0 });
    expect(filesIn(mediaDir)).toContain(key);
    await storage.delete(key);
  });

  it('removes old uploads nothing references, keeps every referenced one and every young one', async () => {
    const cover = await upload();
    const courseImage = await upload();
    const clip = await upload(video(webmHeader, 10_000));
    const captions = await upload(Buffer.concat([vtt, Buffer.from('\n')]));
    const lessonImage = await upload();
    const tutorialImage = await upload();
    const tutorialInline = await upload();
    const postImage = await upload();
    const escaped = await upload();
    const orphan = await upload();
    const young = await upload();

    const course = (await studio('POST', '/api/studio/courses', {
      title: 'Draft course',
      description: `<p>See</p><img src="${courseImage.url}" alt="a">`,
      cover: cover.url,
    })) as unknown as StudioCourse;
    await studio('POST', `/api/studio/courses/${course._id}/lessons`, {
      title: 'L',
      link: clip.url,
      captions: captions.url,
      description: `<img src="http://localhost:3000${lessonImage.url}" alt="b">`,
    });
    await studio('POST', '/api/studio/tutorials', {
      title: 'T',
      image: tutorialImage.url,
      content: `<p>x</p><img src="${tutorialInline.url}" alt="c">`,
    });
    await studio('POST', '/api/studio/blogs', { title: 'P', content: `<img src="${postImage.url}" alt="d">` });
    // The same file with the letters of its name percent-escaped (`a` as `%61`): served all the same, so it counts.
    const spelled = `/media/uploads/${escaped.key.replace(/[a-f](?=.*\.)/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}`;
    expect((await t.app.inject({ method: 'GET', url: spelled })).statusCode).toBe(200);
    await studio('POST', '/api/studio/tutorials', { title: 'Escaped', image: spelled, content: '' });

    const all = [cover, courseImage, clip, captions, lessonImage, tutorialImage, tutorialInline, postImage, escaped];
    for (const { key } of [...all, orphan]) age(key, 2 * DAY);
    age(young.key, DAY - 60_000);
    fs.writeFileSync(path.join(mediaDir, 'not-an-upload.txt'), 'kept');
    age('not-an-upload.txt', 30 * DAY);

    const result = await sweep();
    expect(result.deleted).toEqual([orphan.key]);
    expect(result.referenced).toBe(all.length);
    const left = filesIn(mediaDir);
    for (const { key } of [...all, young]) expect(left).toContain(key);
    expect(left).not.toContain(orphan.key);
    expect(left).toContain('not-an-upload.txt');
    expect((await t.app.inject({ method: 'GET', url: orphan.url })).statusCode).toBe(404);

    // The young file passes the grace period later: then it goes too.
    expect(
      (await sweepUnreferencedMedia(t.database.db, storage, { graceMs: DAY, now: new Date(Date.now() + DAY) })).deleted,
    ).toEqual([young.key]);

    // Deleting the course lets its cover, its image, its lesson's video, captions and image go.
    await studio('DELETE', `/api/studio/courses/${course._id}`);
    expect((await sweep()).deleted.sort()).toEqual(
      [cover, courseImage, clip, captions, lessonImage].map((f) => f.key).sort(),
    );
    expect(filesIn(mediaDir)).toEqual(
      expect.arrayContaining([tutorialImage.key, tutorialInline.key, postImage.key, escaped.key]),
    );
  });

  it('uploading the same bytes again restarts the grace period', async () => {
    const bytes = Buffer.concat([png, Buffer.from('again')]);
    const first = await upload(bytes);
    age(first.key, 2 * DAY);
    const second = await upload(bytes);
    expect(second.key).toBe(first.key);
    expect(second.key).toBe(`${createHash('sha256').update(bytes).digest('hex')}.png`);
    expect((await sweep()).deleted).not.toContain(first.key);
    expect(filesIn(mediaDir)).toContain(first.key);
  });

  it('reads the references of every row, page after page', async () => {
    const hashes = Array.from({ length: 450 }, (_, i) => createHash('sha256').update(`post ${i}`).digest('hex'));
    await createBlogs(
      t.database.db,
      hashes.map((hash, i) => ({ title: `P${i}`, content: `<img src="/media/uploads/${hash}.png" alt="">` })),
    );
    const found = await referencedMediaHashes(t.database.db);
    expect(hashes.filter((hash) => !found.has(hash))).toEqual([]);
  });

  it('stops between two files when asked to', async () => {
    const a = await upload();
    const b = await upload();
    age(a.key, 2 * DAY);
    age(b.key, 2 * DAY);
    const stop = new AbortController();
    stop.abort();
    expect(
      (await sweepUnreferencedMedia(t.database.db, storage, { graceMs: DAY, signal: stop.signal })).deleted,
    ).toEqual([]);
    expect((await sweep()).deleted.sort()).toEqual([a.key, b.key].sort());
  });
});

describe('the periodic sweep in the app', () => {
  it('runs on its own every interval, and stops when the app closes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'devcourses-sweep-'));
    const app = await createTestApp({ config: { dataDir: dir }, media: { sweep: { everyMs: 50, graceMs: DAY } } });
    try {
      const author = await createUser(app.database.db, { role: 'author' });
      const send = async (data: Buffer) => {
        const form = multipart([{ name: 'file', filename: 'f', data }]);
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/studio/media',
          headers: { 'content-type': form.contentType, 'auth-token': author.token },
          payload: form.body,
        });
        return res.json<{ url: string }>().url;
      };
      const kept = await send(Buffer.concat([png, Buffer.from('kept')]));
      const dropped = await send(Buffer.concat([png, Buffer.from('dropped')]));
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/studio/courses',
        headers: { 'auth-token': author.token },
        payload: { title: 'C', description: '', cover: kept },
      });
      expect(res.statusCode).toBe(200);
      const media = path.join(dir, 'media');
      for (const url of [kept, dropped]) {
        const when = new Date(Date.now() - 2 * DAY);
        fs.utimesSync(path.join(media, path.basename(url)), when, when);
      }
      await expect.poll(() => filesIn(media), { timeout: 10_000, interval: 50 }).not.toContain(path.basename(dropped));
      expect(filesIn(media)).toContain(path.basename(kept));
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
