// Studio media: `POST /api/studio/media` takes one file (multipart, field `file`) and answers `{ url }`;
// `GET /media/uploads/<sha256>.<ext>` serves it from either storage with a long immutable cache and byte ranges,
// so urls are stable and same-origin. The upload is guarded by the caller's check and the author's upload budget
// before its body is read; uploads nothing references are swept away after a grace period (media-sweep.ts).
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../../shared/constants';
import { recordAudit } from '../../lib/audit';
import { badRequest, notFound, Refusal } from '../../lib/errors';
import { MEDIA_KINDS, MEDIA_MAX_BYTES, type MediaExtension } from './media-sniff';
import { createMediaStorage, type MediaStorage, RangeNotSatisfiableError } from './media-storage';
import { MEDIA_GRACE_MS, MEDIA_SWEEP_EVERY_MS, startMediaSweeps } from './media-sweep';
import { UPLOAD_LIMITS, type UploadLimits, uploadRateLimit } from './media-upload-limit';
import { isMediaKey, parseRange, storeUpload, sweepTmp } from './media.service';

export interface MediaRoutesOptions {
  /** Who may upload (the Studio's "author or admin" check). Runs as the preHandler, before the body is read. */
  guard: preHandlerAsyncHookHandler;
  /** Default: createMediaStorage(app.config), closed with the app; a storage passed in stays the caller's to close. */
  storage?: MediaStorage;
  /** Uploads per author per minute and per hour (default UPLOAD_LIMITS). */
  uploadLimits?: UploadLimits;
  /** The periodic removal of unreferenced uploads (default: hourly, after a day's grace); false: none. */
  sweep?: { everyMs: number; graceMs: number } | false;
}

const mediaUploadAnswer = z.object({ url: z.string() });
const nameParams = z.object({ name: z.string() });

const IMMUTABLE = 'public, max-age=31536000, immutable';
const TMP_MAX_AGE_MS = 60 * 60 * 1000;
const NOT_MULTIPART = 'Send the file as multipart/form-data, in a field named "file"';

const oneHeader = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

// Errors of the multipart parser before the file starts: too many fields, or a body that is no valid form.
function formError(err: unknown): Refusal {
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') {
    return new Refusal('too-large', 'Too many form fields: send only the file, in a field named "file"');
  }
  return badRequest(`The body is not valid multipart/form-data (${err instanceof Error ? err.message : String(err)})`);
}

export const mediaRoutes: FastifyPluginAsync<MediaRoutesOptions> = async (instance, options) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const storage = options.storage ?? createMediaStorage(app.config);
  const tmpDir = path.join(app.config.dataDir, 'media', 'tmp');
  await sweepTmp(tmpDir, TMP_MAX_AGE_MS);
  const sweep = options.sweep ?? { everyMs: MEDIA_SWEEP_EVERY_MS, graceMs: MEDIA_GRACE_MS };
  const sweeps = sweep ? startMediaSweeps(app.database.db, storage, { ...sweep, log: app.log }) : undefined;
  // The sweep stops (and a running one finishes its file) before the storage closes.
  app.addHook('onClose', async () => {
    await sweeps?.stop();
    if (!options.storage) storage.close();
  });

  // Encapsulated: only these routes parse multipart. One byte over the largest kind, so that the service's own
  // per-kind limit is what stops an upload (at once), not the parser (which would read the rest first).
  await app.register(multipart, {
    limits: { fileSize: MEDIA_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
  });
  // Any other body is left unread here, so that the upload route names the problem instead of a generic 415.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  async function receive(request: FastifyRequest): Promise<{ url: string }> {
    if (!request.isMultipart()) throw new Refusal('unsupported', NOT_MULTIPART);
    const part = await request.file().catch((err: unknown) => {
      throw formError(err);
    });
    if (!part) throw badRequest('No file: send it as multipart/form-data, in a field named "file"');
    if (part.fieldname !== 'file') throw badRequest(`The file must be in the field "file", not "${part.fieldname}"`);
    // Refused before the file is stored: the name goes into the audit trail, where no text may hold a NUL.
    if (part.filename.includes('\u0000')) throw badRequest('The file name may not contain the NUL character (U+0000)');
    const result = await storeUpload(storage, tmpDir, part.file);
    // Every Studio write is in the audit trail: who uploaded what, under which name.
    if (request.user) {
      const name = part.filename.trim().slice(0, LIMITS.titleMax) || null;
      await recordAudit(app.database.db, {
        actor: request.user,
        action: 'upload',
        entity: 'media',
        entityId: result.url,
        afterTitle: name,
      });
    }
    return { url: result.url };
  }

  app.post(
    '/api/studio/media',
    // An upload is timed by how fast it arrives, not how long it takes (lib/time-limits.ts).
    {
      preHandler: [options.guard, uploadRateLimit(instance, options.uploadLimits ?? UPLOAD_LIMITS)],
      config: { upload: true },
      schema: { response: { 200: mediaUploadAnswer } },
    },
    async (request, reply) => {
      try {
        return await receive(request);
      } catch (err) {
        // Refused before the whole body arrived (too large, wrong type): close the connection after answering
        // rather than read the rest of a file nobody will keep.
        if (!request.raw.readableEnded) reply.header('connection', 'close');
        throw err;
      }
    },
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/uploads/:name',
    exposeHeadRoute: false,
    // Already compressed formats, and a compressed 206 would not match its Content-Range.
    compress: false,
    schema: { params: nameParams },
    handler: async (request, reply) => serve(request, reply, request.params.name),
  });

  async function serve(request: FastifyRequest, reply: FastifyReply, name: string): Promise<FastifyReply> {
    if (!isMediaKey(name)) throw notFound('No such media file');
    const etag = `"${name.slice(0, name.indexOf('.'))}"`;
    const range = parseRange(request.headers.range, oneHeader(request.headers['if-range']), etag);
    let object;
    try {
      object = await storage.get(name, range);
    } catch (err) {
      if (!(err instanceof RangeNotSatisfiableError)) throw err;
      return reply
        .code(416)
        .header('content-range', `bytes */${err.size}`)
        .header('accept-ranges', 'bytes')
        .send({ error: `Range not satisfiable: the file has ${err.size} bytes` });
    }
    if (!object) throw notFound('No such media file');

    const ext = name.slice(name.indexOf('.') + 1) as MediaExtension;
    reply
      .header('content-type', MEDIA_KINDS[ext].contentType)
      .header('cache-control', IMMUTABLE)
      .header('etag', etag)
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff');
    if (object.range) {
      const { start, end } = object.range;
      reply.code(206).header('content-range', `bytes ${start}-${end}/${object.size}`);
    }
    reply.header('content-length', object.range ? object.range.end - object.range.start + 1 : object.size);
    if (request.method === 'HEAD') {
      object.stream.destroy();
      return reply.send();
    }
    return reply.send(object.stream);
  }
};
