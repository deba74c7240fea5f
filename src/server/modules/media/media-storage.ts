// Where uploaded media live, behind one small interface: files under DATA_DIR/media (default) or an
// S3-compatible bucket when S3_BUCKET is set. Keys are content-addressed names (`<sha256>.<ext>`); both storages
// stream in and out and answer byte ranges, so a video is never held in memory whole.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config, S3Config } from '../../config';
import { isMediaExtension, MEDIA_KINDS } from './media-sniff';

/** Bytes `start` to `end`, both included (as in a Content-Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A Range request before the size is known: from `start` (to `end`, or to the last byte), or the last `suffix` bytes. */
export type RangeRequest = { start: number; end?: number } | { suffix: number };

export interface MediaObject {
  stream: Readable;
  /** The whole object's size, whatever part `stream` carries. */
  size: number;
  contentType: string;
  /** The part `stream` carries when a range was asked for. */
  range?: ByteRange;
}

/** A stored object as a listing shows it. */
export interface StoredObject {
  key: string;
  /** When it was last stored. */
  modifiedAt: Date;
}

/** What to store: a finished file (which `put` may move away) or a stream of known length. */
export type MediaSource = { path: string; size: number } | { stream: Readable; size: number };

export interface MediaStorage {
  put(key: string, source: MediaSource): Promise<void>;
  /** The object or the asked part of it; undefined when there is no such object. */
  get(key: string, range?: RangeRequest): Promise<MediaObject | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Every stored object (the local storage's temporary files are not objects). */
  list(): AsyncIterable<StoredObject>;
  /** Frees what the storage holds open (the S3 client's sockets). */
  close(): void;
}

/** The range asked for is past the end of the object (or empty): answer 416 with `bytes *\/size`. */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`Range not satisfiable: the file has ${size} bytes`);
  }
}

/** The bytes a range request selects from an object of `size` bytes; undefined when it selects none. */
export function resolveRange(range: RangeRequest, size: number): ByteRange | undefined {
  if ('suffix' in range) {
    if (range.suffix === 0 || size === 0) return undefined;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) return undefined;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** A stored object's content type, from the extension of its key. */
export function contentTypeOf(key: string): string {
  const ext = path.extname(key).slice(1);
  return isMediaExtension(ext) ? MEDIA_KINDS[ext].contentType : 'application/octet-stream';
}

// Keys are names we made (`<hash>.<ext>`); anything that could leave the directory or the prefix is a bug.
function checkKey(key: string): string {
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(key) || key.includes('..')) throw new Error(`Not a media key: ${key}`);
  return key;
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export class LocalMediaStorage implements MediaStorage {
  private readonly tmpDir: string;

  constructor(readonly dir: string) {
    this.tmpDir = path.join(dir, 'tmp');
  }

  private file(key: string): string {
    return path.join(this.dir, checkKey(key));
  }

  async put(key: string, source: MediaSource): Promise<void> {
    const target = this.file(key);
    await fs.promises.mkdir(this.dir, { recursive: true });
    if ('path' in source) {
      try {
        await fs.promises.rename(source.path, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        // Another file system: copy beside the target, then rename, so a reader never sees half a file.
        await this.fromStream(fs.createReadStream(source.path), target);
      }
      return;
    }
    await this.fromStream(source.stream, target);
  }

  private async fromStream(stream: Readable, target: string): Promise<void> {
    await fs.promises.mkdir(this.tmpDir, { recursive: true });
    const part = path.join(this.tmpDir, `${randomUUID()}.part`);
    try {
      await pipeline(stream, fs.createWriteStream(part, { flags: 'wx' }));
      await fs.promises.rename(part, target);
    } finally {
      await fs.promises.rm(part, { force: true });
    }
  }

  async get(key: string, range?: RangeRequest): Promise<MediaObject | undefined> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.file(key), 'r');
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
    try {
      const { size } = await handle.stat();
      const part = range ? resolveRange(range, size) : undefined;
      if (range && !part) throw new RangeNotSatisfiableError(size);
      // The stream owns the handle from here and closes it when it ends or is destroyed.
      const stream = handle.createReadStream(part ? { start: part.start, end: part.end } : {});
      return { stream, size, contentType: contentTypeOf(key), range: part };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.promises.access(this.file(key));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }

  async *list(): AsyncIterable<StoredObject> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(this.dir, { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const stat = await fs.promises.stat(path.join(this.dir, entry.name)).catch((err: unknown) => {
        if (isMissing(err)) return undefined;
        throw err;
      });
      if (stat) yield { key: entry.name, modifiedAt: stat.mtime };
    }
  }

  close(): void {}
}

const s3Status = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);

export class S3MediaStorage implements MediaStorage {
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
  ) {}

  static fromConfig(s3: S3Config): S3MediaStorage {
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      // The SDK's default since 3.729 sends streamed bodies as aws-chunked with a trailing CRC, which many
      // S3-compatible servers do not understand. The content is checked by its name (its SHA-256) anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return new S3MediaStorage(client, s3.bucket);
  }

  async put(key: string, source: MediaSource): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        Body: 'path' in source ? fs.createReadStream(source.path) : source.stream,
        ContentLength: source.size,
        ContentType: contentTypeOf(key),
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(key: string, range?: RangeRequest): Promise<MediaObject | undefined> {
    let header: string | undefined;
    if (range && 'suffix' in range) {
      // Not every S3-compatible server understands `bytes=-n`: ask for the explicit bytes instead.
      const size = await this.size(key);
      if (size === undefined) return undefined;
      const part = resolveRange(range, size);
      if (!part) throw new RangeNotSatisfiableError(size);
      header = `bytes=${part.start}-${part.end}`;
    } else if (range) {
      header = `bytes=${range.start}-${range.end ?? ''}`;
    }
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key), Range: header }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error('The S3 client answered without a Node.js stream');
      const contentRange = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
      const size = contentRange ? Number(contentRange[3]) : Number(answer.ContentLength ?? 0);
      return {
        stream: answer.Body,
        size,
        contentType: contentTypeOf(key),
        range: contentRange ? { start: Number(contentRange[1]), end: Number(contentRange[2]) } : undefined,
      };
    } catch (err) {
      const status = s3Status(err);
      if (status === 404) return undefined;
      if (status === 416) throw new RangeNotSatisfiableError((await this.size(key)) ?? 0);
      throw err;
    }
  }

  private async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
      return Number(head.ContentLength ?? 0);
    } catch (err) {
      if (s3Status(err) === 404) return undefined;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }

  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified) yield { key: object.Key, modifiedAt: object.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}

/** The storage the configuration asks for: the S3 bucket when S3_BUCKET is set, else DATA_DIR/media. */
export function createMediaStorage(config: Pick<Config, 'dataDir' | 's3'>): MediaStorage {
  return config.s3 ? S3MediaStorage.fromConfig(config.s3) : new LocalMediaStorage(path.join(config.dataDir, 'media'));
}
