// The media rules: an upload streams to a temporary file in DATA_DIR/media/tmp while it is hashed and counted; its
// first bytes decide its kind and so its size limit; past the limit it stops at once and nothing stays behind.
// Then it is stored under its content's name, `<sha256>.<ext>`, so the same bytes give the same url and one object.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MEDIA_KINDS, type MediaExtension, sniffMedia, SNIFF_BYTES } from './media-sniff';
import type { MediaStorage, RangeRequest } from './media-storage';

export const MEDIA_URL_PREFIX = '/media/uploads/';

const KEY = new RegExp(`^[0-9a-f]{64}\\.(?:${Object.keys(MEDIA_KINDS).join('|')})$`);
/** A name we could have stored: `<sha256 hex>.<accepted extension>`. */
export const isMediaKey = (name: string) => KEY.test(name);

export type UploadResult =
  | { ok: true; url: string; key: string; ext: MediaExtension; size: number }
  | { ok: false; reason: 'empty' | 'unsupported' }
  | { ok: false; reason: 'too-large'; ext?: MediaExtension }
  /** The upload itself broke off or was not valid multipart data. */
  | { ok: false; reason: 'malformed'; detail: string };

class UploadRefused extends Error {
  constructor(readonly result: Extract<UploadResult, { ok: false }>) {
    super(result.reason);
  }
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
    if (head.length === 0) throw new UploadRefused({ ok: false, reason: 'empty' });
    this.ext = await sniffMedia(head);
    if (!this.ext) throw new UploadRefused({ ok: false, reason: 'unsupported' });
    const over = this.overLimit();
    if (over) throw over;
    this.push(head);
  }

  private overLimit(): UploadRefused | null {
    return this.ext && this.bytes > MEDIA_KINDS[this.ext].maxBytes
      ? new UploadRefused({ ok: false, reason: 'too-large', ext: this.ext })
      : null;
  }
}

/**
 * Stores an upload (the multipart file stream; `truncated` is set when the parser's own limit cut it) and answers
 * its url, or why it was refused. Storage failures are thrown.
 */
export async function storeUpload(
  storage: MediaStorage,
  tmpDir: string,
  upload: Readable & { truncated?: boolean },
): Promise<UploadResult> {
  await fs.promises.mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, `${randomUUID()}.upload`);
  const inspector = new UploadInspector();
  const file = fs.createWriteStream(tmp, { flags: 'wx' });
  // A failing stream makes pipeline destroy the others with the same error: the first to report it is its source.
  let failed: 'upload' | 'disk' | undefined;
  upload.once('error', () => (failed ??= 'upload'));
  file.once('error', () => (failed ??= 'disk'));
  try {
    try {
      await pipeline(upload, inspector, file);
    } catch (err) {
      if (err instanceof UploadRefused) return err.result;
      if (failed === 'upload') return uploadFailure(err, inspector.ext);
      throw err;
    }
    const { ext, bytes: size } = inspector;
    if (!ext) throw new Error('The upload ended without being sniffed');
    if (upload.truncated) return { ok: false, reason: 'too-large', ext };
    const key = `${inspector.hash.digest('hex')}.${ext}`;
    if (!(await storage.exists(key))) await storage.put(key, { path: tmp, size });
    return { ok: true, url: MEDIA_URL_PREFIX + key, key, ext, size };
  } finally {
    // The write stream opens its file asynchronously; a refusal can come first. Removing the file before that open
    // lands would let the open create it again afterwards, so wait for the stream to be closed.
    if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
    await fs.promises.rm(tmp, { force: true });
  }
}

// The parser's size limit (FST_REQ_FILE_TOO_LARGE) or a body that broke off or was not valid multipart data.
function uploadFailure(err: unknown, ext: MediaExtension | undefined): Extract<UploadResult, { ok: false }> {
  if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') return { ok: false, reason: 'too-large', ext };
  return { ok: false, reason: 'malformed', detail: err instanceof Error ? err.message : String(err) };
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
