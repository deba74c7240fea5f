// The media rules: an upload streams to a temporary file in DATA_DIR/media/tmp while it is hashed and counted; its
// first bytes decide its kind and so its size limit; past the limit it stops at once and nothing stays behind.
// Then it is stored under its content's name, `<sha256>.<ext>`, so the same bytes give the same url and one object.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { badRequest, Refusal } from '../../lib/errors';
import { MEDIA_KINDS, type MediaExtension, sniffMedia, SNIFF_BYTES } from './media-sniff';
import type { MediaStorage, RangeRequest } from './media-storage';

export const MEDIA_URL_PREFIX = '/media/uploads/';

const KEY = new RegExp(`^[0-9a-f]{64}\\.(?:${Object.keys(MEDIA_KINDS).join('|')})$`);
/** A name we could have stored: `<sha256 hex>.<accepted extension>`. */
export const isMediaKey = (name: string) => KEY.test(name);

export interface StoredUpload {
  url: string;
  key: string;
  ext: MediaExtension;
  size: number;
}

const ACCEPTED = 'a PNG, JPEG, WebP or GIF image, an MP4 or WebM video, or WebVTT captions';

const emptyFile = () => badRequest('The file is empty');
const unsupported = () => new Refusal('unsupported', `Unsupported file type: upload ${ACCEPTED}`);
/** The upload itself broke off or was not valid multipart data. */
const malformed = (detail: string) =>
  badRequest(`The upload broke off or is not valid multipart/form-data (${detail})`);

function tooLarge(ext: MediaExtension | undefined): Refusal {
  const { contentType, maxBytes } = MEDIA_KINDS[ext ?? 'webm'];
  const what = contentType.startsWith('image/')
    ? 'An image'
    : contentType.startsWith('video/')
      ? 'A video'
      : 'A captions file';
  return new Refusal('too-large', `The file is too large: ${what} may be at most ${maxBytes / (1024 * 1024)} MB`);
}

/** Hashes and counts what passes; holds back the first SNIFF_BYTES until they tell the kind, then enforces its limit. */
class UploadInspector extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  ext: MediaExtension | undefined;
  private head: Buffer[] = [];
  private headBytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    if (this.ext) {
      callback(this.overLimit(), chunk);
      return;
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) callback();
    else this.sniff().then(() => callback(), callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.ext) callback();
    else this.sniff().then(() => callback(), callback);
  }

  private async sniff(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    if (head.length === 0) throw emptyFile();
    this.ext = await sniffMedia(head);
    if (!this.ext) throw unsupported();
    const over = this.overLimit();
    if (over) throw over;
    this.push(head);
  }

  private overLimit(): Refusal | null {
    return this.ext && this.bytes > MEDIA_KINDS[this.ext].maxBytes ? tooLarge(this.ext) : null;
  }
}

/**
 * Stores an upload (the multipart file stream; `truncated` is set when the parser's own limit cut it) and answers
 * its url. An upload that is empty, of an unsupported kind, too large or broken off is refused (a thrown Refusal);
 * storage failures are thrown as they are.
 */
export async function storeUpload(
  storage: MediaStorage,
  tmpDir: string,
  upload: Readable & { truncated?: boolean },
): Promise<StoredUpload> {
  // A failing stream makes pipeline destroy the others with the same error: the first to report it is its source.
  // The parser may break the upload off (a truncated body) before this function runs or while it awaits the folder.
  let failed: 'upload' | 'disk' | undefined = upload.errored ? 'upload' : undefined;
  upload.once('error', () => (failed ??= 'upload'));
  await fs.promises.mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, `${randomUUID()}.upload`);
  const inspector = new UploadInspector();
  const file = fs.createWriteStream(tmp, { flags: 'wx' });
  file.once('error', () => (failed ??= 'disk'));
  try {
    try {
      await pipeline(upload, inspector, file);
    } catch (err) {
      if (err instanceof Refusal) throw err;
      if (failed === 'upload') throw uploadFailure(err, inspector.ext);
      throw err;
    }
    const { ext, bytes: size } = inspector;
    if (!ext) throw new Error('The upload ended without being sniffed');
    if (upload.truncated) throw tooLarge(ext);
    const key = `${inspector.hash.digest('hex')}.${ext}`;
    // Stored even when the same bytes are there already: the object's date is then this upload's, so the sweep of
    // unreferenced files gives this upload its full grace period too (S3 has no cheaper way to renew an object's
    // date that every S3-compatible server honours).
    await storage.put(key, { path: tmp, size });
    return { url: MEDIA_URL_PREFIX + key, key, ext, size };
  } finally {
    // The write stream opens its file asynchronously; a refusal can come first. Removing the file before that open
    // lands would let the open create it again afterwards, so wait for the stream to be closed.
    if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
    await fs.promises.rm(tmp, { force: true });
  }
}

// The parser's size limit (FST_REQ_FILE_TOO_LARGE) or a body that broke off or was not valid multipart data.
function uploadFailure(err: unknown, ext: MediaExtension | undefined): Refusal {
  if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(ext);
  return malformed(err instanceof Error ? err.message : String(err));
}

/**
 * The single byte range a `Range` header asks for. Undefined means "send the whole file": no header, another unit,
 * several ranges, a malformed one, or an `If-Range` that does not name this file (RFC 9110 §14.2 lets a server
 * ignore those). A well-formed range past the end comes back as asked; the storage answers it with 416.
 */
export function parseRange(
  header: string | undefined,
  ifRange: string | undefined,
  etag: string,
): RangeRequest | undefined {
  if (!header || (ifRange !== undefined && ifRange !== etag)) return undefined;
  const match = /^bytes=[ \t]*(\d{0,15})-(\d{0,15})[ \t]*$/i.exec(header);
  if (!match) return undefined;
  const [, first, last] = match;
  if (first === '') return last === '' ? undefined : { suffix: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  return end < start ? undefined : { start, end };
}

/** Removes temporary files a crashed or killed upload left behind (older than `olderThanMs`). */
export async function sweepTmp(tmpDir: string, olderThanMs: number): Promise<void> {
  const names = await fs.promises.readdir(tmpDir).catch(() => [] as string[]);
  const cutoff = Date.now() - olderThanMs;
  for (const name of names) {
    const file = path.join(tmpDir, name);
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (stat?.isFile() && stat.mtimeMs < cutoff) await fs.promises.rm(file, { force: true });
  }
}
