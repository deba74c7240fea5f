// Certificate calls and files: the learner's list, the public JSON of one, its PDF, share image and signed credential,
// the site's public key set, and the Studio's list and revoke. A revoked certificate answers 410 `{error, revokedAt,
// reason}` on each of its addresses; an unknown or malformed code 404.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  certificateView as certificateViewSchema,
  myCertificates as myCertificatesSchema,
  revokeBody,
  revokedAnswer,
  studioCertificate,
  studioCertificates as studioCertificatesSchema,
  studioCertificatesQuery,
  isCertificateCode,
  JWKS_PATH,
} from '../../../shared/certificates';
import { errorBody } from '../../../shared/contract';
import { sendPublicJson } from '../../lib/http-cache';
import { perUserRateLimit } from '../../lib/per-user-rate-limit';
import { answerSerializer } from '../../lib/read-cache';
import { signedInUser } from '../../plugins/current-user';
import { certificateImage, certificatePdf, FileCache } from './certificate-files';
import { jwksOf, signCredential, signingKey } from './certificate-signing';
import {
  certificateNotFound,
  certificateRevoked,
  certificateView,
  credentialFacts,
  filesFacts,
  findCertificate,
  myCertificates,
  revokeCertificate,
  standingCertificate,
  studioCertificates,
} from './certificates.service';

// Any string: a code of the wrong shape names nothing and answers 404.
const codeParams = z.object({ code: z.string() });
const tags = ['certificates'];
/** A certificate's files never change, but a revoke must show at once: caches may keep them only to revalidate. */
const FILE_CACHE_CONTROL = 'public, no-cache';

export interface CertificatesRoutesOptions {
  /** How many PDFs and images each are kept in memory, by code. */
  filesKept?: number;
}

export const certificatesRoutes: FastifyPluginAsync<CertificatesRoutesOptions> = async (instance, options) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const { publicUrl } = app.config;
  const pdfs = new FileCache(options.filesKept);
  const images = new FileCache(options.filesKept);
  const key = () => signingKey(db, app.config.certificateSigningKey);

  const sendFile = (reply: FastifyReply, type: string, body: Buffer | string, filename?: string) => {
    reply.header('cache-control', FILE_CACHE_CONTROL).type(type);
    if (filename) reply.header('content-disposition', `inline; filename="${filename}"`);
    return reply.send(body);
  };
  const gone = { 404: errorBody, 410: revokedAnswer };

  app.get(
    '/api/certificates',
    { preHandler: app.requireUser, schema: { tags, response: { 200: myCertificatesSchema } } },
    async (request) => myCertificates(db, signedInUser(request).id),
  );

  app.get(
    '/api/certificates/:code',
    { schema: { tags, params: codeParams, response: { 200: certificateViewSchema, ...gone } } },
    async (request, reply) => {
      const { code } = request.params;
      if (!isCertificateCode(code)) throw certificateNotFound();
      // Kept until the content changes (a revoke clears it); a refusal is not kept.
      const json = await app.readCache.get(`certificate:${code}`, answerSerializer(reply), async () => {
        const row = await findCertificate(db, code);
        if (row?.revokedAt) throw certificateRevoked(row);
        return row ? certificateView(row, publicUrl) : null;
      });
      if (json === null) throw certificateNotFound();
      return sendPublicJson(request, reply, json);
    },
  );

  app.get('/certificates/:code.pdf', { schema: { tags, params: codeParams } }, async (request, reply) => {
    const row = await standingCertificate(db, request.params.code);
    const pdf = await pdfs.get(row.code, () => certificatePdf(filesFacts(row, publicUrl)));
    return sendFile(reply, 'application/pdf', pdf, `certificate-${row.code}.pdf`);
  });

  app.get('/certificates/:code/image.png', { schema: { tags, params: codeParams } }, async (request, reply) => {
    const row = await standingCertificate(db, request.params.code);
    const png = await images.get(row.code, () => certificateImage(filesFacts(row, publicUrl)));
    return sendFile(reply, 'image/png', png);
  });

  app.get('/certificates/:code/credential.jwt', { schema: { tags, params: codeParams } }, async (request, reply) => {
    const row = await standingCertificate(db, request.params.code);
    const jwt = await signCredential(await key(), credentialFacts(row, publicUrl));
    return sendFile(reply, 'application/vc+jwt', jwt, `certificate-${row.code}.jwt`);
  });

  app.get(JWKS_PATH, { schema: { tags } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return jwksOf(await key());
  });

  // ---- Studio ----
  const studio = {
    onRequest: async (_request: unknown, reply: FastifyReply) => void reply.header('cache-control', 'no-store'),
  };
  app.get(
    '/api/studio/certificates',
    {
      ...studio,
      preHandler: app.requireAuthor,
      schema: { tags, querystring: studioCertificatesQuery, response: { 200: studioCertificatesSchema } },
    },
    async (request) => studioCertificates(db, signedInUser(request), request.query.courseId),
  );

  app.post(
    '/api/studio/certificates/:code/revoke',
    {
      ...studio,
      preHandler: app.requireAdmin,
      config: perUserRateLimit(60),
      schema: { tags, params: codeParams, body: revokeBody, response: { 200: studioCertificate } },
    },
    async (request) => {
      const user = signedInUser(request);
      const revoked = await revokeCertificate(db, user, request.params.code, request.body.reason);
      app.contentChanged();
      pdfs.delete(revoked.code);
      images.delete(revoked.code);
      return revoked;
    },
  );
};
