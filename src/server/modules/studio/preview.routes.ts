// One kind's preview calls, the same for every kind: its preview read `GET /api/preview/{path}/{id}` and its preview
// links `POST` and `DELETE /api/studio/{path}/{id}/preview-link`. Registered by the module that answers the kind (the
// Studio's courses, lessons, tutorials and posts; the practice module's exercises and quizzes), inside its own
// plugin, whose `no-store` hook covers these answers too. docs/decisions/0051-working-copies-revisions-and-previews.md
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { previewLink } from '../../../shared/studio-revisions';
import { editorOf } from './editor-of';
import { makePreviewLink, type PreviewShape, readPreview, revokePreviewLinks } from './preview.service';
import type { WorkingKind } from './working-copy';

// Any string: an id that is not a UUID names nothing and answers 404, never 400 or 500.
const idParams = z.object({ id: z.string() });
const previewQuery = z.object({ token: z.string().max(200, 'token is too long').optional() });

export interface PreviewRoutes {
  /** The kind as the paths name it ('courses', 'exercises', …). */
  path: string;
  kind: WorkingKind;
  /** The schema of the public read the preview stands in for. */
  answer: z.ZodType;
  /** How the kind's preview is answered (the Studio's own kinds have theirs). */
  shape?: PreviewShape<unknown>;
  /** The options of the module's Studio writes (author or admin, body and rate limits). */
  write: RouteShorthandOptions;
  /** The clock links are made and checked by, in ms. */
  now: () => number;
  tags?: string[];
}

export function previewRoutes(
  instance: FastifyInstance,
  { path, kind, answer, shape, write, now, tags }: PreviewRoutes,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  app.post(
    `/api/studio/${path}/:id/preview-link`,
    { ...write, schema: { tags, params: idParams, response: { 200: previewLink } } },
    async (request) =>
      makePreviewLink(db, editorOf(request), kind, request.params.id, { publicUrl: app.config.publicUrl, now: now() }),
  );
  app.delete(
    `/api/studio/${path}/:id/preview-link`,
    { ...write, schema: { tags, params: idParams } },
    async (request, reply) => {
      await revokePreviewLinks(db, editorOf(request), kind, request.params.id);
      return reply.status(204).send();
    },
  );
  // A preview is for its author, admins and link holders only: never kept by a cache, never indexed.
  app.get(
    `/api/preview/${path}/:id`,
    { schema: { tags, params: idParams, querystring: previewQuery, response: { 200: answer } } },
    async (request, reply) => {
      reply.header('x-robots-tag', 'noindex');
      // Signed in (an author or admin previewing their own): the session; a link holder needs none.
      if (request.query.token === undefined && request.headers['auth-token'])
        await app.requireUser.call(app, request, reply);
      const viewer = { editor: request.user ? editorOf(request) : null, token: request.query.token, now: now() };
      return readPreview(db, kind, request.params.id, viewer, shape);
    },
  );
}
