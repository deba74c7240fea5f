// Public answers kept as the bytes sent (docs/decisions/0060-cached-answers-as-bytes.md). A catalogue read or a
// rendered page that is the same for every reader is kept, once answered, with its headers, its ETag and, once a
// client has asked for it, its compressed form; the next request for the same address is answered from these bytes
// before Fastify sees it (lib/kept-answers-first.ts), with no routing, no hooks, no serializer and no per-request
// compression. Kept until the content changes, like the read cache the answers come from (plugins/content-cache.ts).
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD, etagMatches } from './http-cache';
import type { KeptAnswerSource, Served } from './kept-answers-first';

type Encoding = 'br' | 'gzip';

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  // Quality 9 of 11: within a few percent of the smallest form, at a fraction of its time; made once per change.
  br: (body) =>
    promisify(zlib.brotliCompress)(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => promisify(zlib.gzip)(body, { level: 9 }),
};

// Accept-Encoding values seen (browsers send a handful), so negotiating costs a map look-up; bounded.
const negotiated = new Map<string, Encoding | null>();

function encodingFor(acceptEncoding: string): Encoding | null {
  let encoding = negotiated.get(acceptEncoding);
  if (encoding === undefined) {
    if (negotiated.size >= 64) negotiated.clear();
    encoding = negotiate<Encoding>(acceptEncoding, ['br', 'gzip']);
    negotiated.set(acceptEncoding, encoding);
  }
  return encoding;
}

/** The encoding an answer of this many bytes goes out in to a client sending this Accept-Encoding, as
 *  @fastify/compress would choose it for the route's own answer; null: uncompressed. */
export function compressedFormFor(bytes: number, acceptEncoding: string | undefined): Encoding | null {
  return bytes < COMPRESS_THRESHOLD || !acceptEncoding ? null : encodingFor(acceptEncoding);
}

/** An answer's headers as Node's `writeHead` takes them, with its length: listed once, when it is kept. */
export function rawHeadersOf(headers: Record<string, string>, bytes: number): string[] {
  return [...Object.entries(headers).flat(), 'content-length', String(bytes)];
}

/** A public answer as its route sent it (lib/http-cache.ts, `sendPublic`): its body, ETag and every header its reply
 *  carried (the security headers among them), but for its length and encoding, which each kept form has its own. */
export interface AnswerToKeep {
  body: string;
  etag: string;
  headers: Record<string, string>;
}

/** A kept form as it goes out: its bytes and its headers as Node's `writeHead` takes them, listed once. */
interface Form {
  body: Buffer;
  encoding?: Encoding;
  rawHeaders: string[];
}

/** One kept answer: its bytes, the headers it is sent with, and its compressed forms as they are made. */
class CachedAnswer {
  readonly etag: string;
  readonly headers: Record<string, string>;
  /** The headers of a 304 (no length: it has no body), listed once. */
  readonly notModified: string[];
  private readonly identity: Form;
  private readonly compressed = new Map<Encoding, Form | Promise<unknown>>();

  constructor(
    { body, etag, headers }: AnswerToKeep,
    /** Told the size of each compressed form as it is made (the kept answers' byte budget). */
    private readonly grew: (bytes: number) => void,
  ) {
    this.etag = etag;
    this.headers = headers;
    this.notModified = Object.entries(headers).flat();
    this.identity = this.form(Buffer.from(body));
  }

  get bytes(): number {
    return this.identity.body.length;
  }

  /** The form for this Accept-Encoding, or undefined while it is being made (that request is answered the usual way). */
  formFor(acceptEncoding: string | undefined): Form | undefined {
    const encoding = compressedFormFor(this.bytes, acceptEncoding);
    if (!encoding) return this.identity;
    const form = this.compressed.get(encoding);
    if (form && !(form instanceof Promise)) return form;
    if (!form) {
      this.compressed.set(
        encoding,
        compressors[encoding](this.identity.body).then(
          (bytes) => {
            this.compressed.set(encoding, this.form(bytes, encoding));
            this.grew(bytes.length);
          },
          () => this.compressed.delete(encoding),
        ),
      );
    }
    return undefined;
  }

  private form(body: Buffer, encoding?: Encoding): Form {
    const rawHeaders = rawHeadersOf(this.headers, body.length);
    if (encoding) rawHeaders.push('content-encoding', encoding);
    return { body, encoding, rawHeaders };
  }
}

const generationOf = new WeakMap<FastifyRequest, number>();

const OK: Served = { status: 200 };
const NOT_MODIFIED: Served = { status: 304 };

/** The kept answers of one process, by address, within a count and a byte budget (bodies and compressed forms): past
 *  either, they are all dropped and kept afresh, as the read cache does. */
export class CachedAnswers implements KeptAnswerSource {
  private readonly answers = new Map<string, CachedAnswer>();
  private bytes = 0;
  /** Counts clears: an answer read before a clear is not kept after it. */
  private generation = 0;
  private enabled = true;

  constructor(
    private readonly maxAnswers = 2_000,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /**
   * Answers a GET or HEAD from its kept bytes, written as they were kept, headers and all; or 304 when the client has
   * them. Tells the status sent, or undefined when nothing is kept for the address in the form asked (the request
   * then goes to its route, which may keep what it answers).
   */
  serve(request: IncomingMessage, response: ServerResponse): Served | undefined {
    const { method, url } = request;
    if ((method !== 'GET' && method !== 'HEAD') || !this.enabled || url === undefined) return undefined;
    const key = keyOf(url);
    const kept = key !== undefined && this.answers.get(key);
    if (!kept) return undefined;
    if (etagMatches(request.headers['if-none-match'], kept.etag)) {
      response.writeHead(304, kept.notModified);
      response.end();
      return NOT_MODIFIED;
    }
    const form = kept.formFor(request.headers['accept-encoding']);
    if (!form) return undefined;
    response.writeHead(200, form.rawHeaders);
    response.end(method === 'HEAD' ? undefined : form.body);
    return OK;
  }

  /** Notes when a request the kept answers did not answer began, so that what its route answers may be kept (an
   *  answer made from content read before a change is never kept after it). */
  begin(request: FastifyRequest): void {
    generationOf.set(request, this.generation);
  }

  /** Keeps what this request answered for its address (a public answer, the same for every reader). */
  keep(request: FastifyRequest, answer: AnswerToKeep): void {
    if (!this.enabled || generationOf.get(request) !== this.generation) return;
    const key = keyOf(request.url);
    if (key === undefined || this.answers.get(key)?.etag === answer.etag) return;
    if (this.answers.size >= this.maxAnswers || this.bytes >= this.maxBytes) this.drop();
    const kept: CachedAnswer = new CachedAnswer(answer, (bytes) => {
      if (this.answers.get(key) === kept) this.bytes += bytes;
    });
    this.answers.set(key, kept);
    this.bytes += kept.bytes;
  }

  /** Is an answer kept for this address? (tests) */
  keeps(url: string): boolean {
    return this.answers.has(url);
  }

  get size(): number {
    return this.answers.size;
  }

  /** The bytes held: bodies and the compressed forms made so far (tests). */
  get heldBytes(): number {
    return this.bytes;
  }

  clear(): void {
    this.generation += 1;
    this.drop();
  }

  private drop(): void {
    this.answers.clear();
    this.bytes = 0;
  }

  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    this.clear();
  }
}

/** Only addresses without a query are kept: a query is the client's to vary, and would only fill the cache. */
function keyOf(url: string): string | undefined {
  return url.includes('?') ? undefined : url;
}
