// The Studio API (issue 8): authors and admins write courses, lessons, tutorials and blog posts; admins set roles
// and read the audit trail. Every answer is `no-store`; every content write clears the read caches
// (docs/decisions/0008-studio-roles-drafts-invalidation.md).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditEntry,
  auditQuery,
  createBlogBody,
  createCourseBody,
  createLessonBody,
  createTutorialBody,
  lessonOrderBody,
  patchBlogBody,
  patchCourseBody,
  patchLessonBody,
  patchTutorialBody,
  setRoleBody,
  studioBlog,
  studioCourse,
  studioLesson,
  studioTutorial,
  studioUser,
  usersQuery,
} from '../../../shared/studio';
import { HttpError } from '../../lib/errors';
import { createMediaStorage, durationOfLink, PUBLIC_DIR } from '../media';
import { perUserRateLimit } from '../../lib/per-user-rate-limit';
import { signedInUser } from '../../plugins/current-user';
import { type Editor, type RefusalKind, StudioRefusal } from './studio-access';
import { listAudit } from './studio-audit.service';
import * as blogs from './studio-blogs.service';
import * as courses from './studio-courses.service';
import * as tutorials from './studio-tutorials.service';
import { findUsers, setRole } from './studio-users.service';

/** Authored text is up to LIMITS.authoredTextMax characters: a Studio body may be far bigger than a comment. */
export const STUDIO_BODY_BYTES_MAX = 1024 * 1024;
/** Studio writes per user per route per minute: autosave every few seconds stays far below it. */
export const STUDIO_WRITES_PER_MINUTE = 120;

const STATUS: Record<RefusalKind, number> = { invalid: 400, forbidden: 403, 'not-found': 404, conflict: 409 };

/** The service's answer, or its refusal as an HTTP error. */
async function answer<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof StudioRefusal) throw new HttpError(STATUS[err.kind], err.message);
    throw err;
  }
}

// Any string: an id that is not a UUID names nothing and answers 404, never 400 or 500.
const idParams = z.object({ id: z.string() });

export const studioRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  // Lesson videos' durations are read from the media when a lesson gets its link (issue 9).
  const storage = createMediaStorage(app.config);
  app.addHook('onClose', async () => storage.close());
  const durationOf = (link: string) => durationOfLink(link, { storage, publicDir: PUBLIC_DIR });

  // Drafts, emails and roles: nothing the Studio answers may be kept by a browser or a proxy, failures included.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const editor = (request: FastifyRequest): Editor => {
    const { id, name, role } = signedInUser(request);
    return { id, name, role };
  };
  /** A content write committed: this process's cache goes now; the others hear the NOTIFY. */
  const changed = async <T>(work: Promise<T>): Promise<T> => {
    const result = await answer(work);
    app.contentChanged();
    return result;
  };

  const read = { preHandler: app.requireAuthor };
  const write = {
    preHandler: app.requireAuthor,
    bodyLimit: STUDIO_BODY_BYTES_MAX,
    config: perUserRateLimit(STUDIO_WRITES_PER_MINUTE),
  };
  const adminWrite = { ...write, preHandler: app.requireAdmin };

  // ---- courses and lessons ----
  app.get('/api/studio/courses', { ...read, schema: { response: { 200: z.array(studioCourse) } } }, async () =>
    courses.listStudioCourses(db),
  );
  app.post(
    '/api/studio/courses',
    { ...write, schema: { body: createCourseBody, response: { 200: studioCourse } } },
    async (request) => changed(courses.createCourse(db, editor(request), request.body)),
  );
  app.get(
    '/api/studio/courses/:id',
    { ...read, schema: { params: idParams, response: { 200: studioCourse } } },
    async (request) => answer(courses.getStudioCourse(db, request.params.id)),
  );
  app.patch(
    '/api/studio/courses/:id',
    { ...write, schema: { params: idParams, body: patchCourseBody, response: { 200: studioCourse } } },
    async (request) => changed(courses.updateCourse(db, editor(request), request.params.id, request.body)),
  );
  app.delete(
    '/api/studio/courses/:id',
    { ...write, schema: { params: idParams, response: { 200: studioCourse } } },
    async (request) => changed(courses.deleteCourse(db, editor(request), request.params.id)),
  );
  app.post(
    '/api/studio/courses/:id/lessons',
    { ...write, schema: { params: idParams, body: createLessonBody, response: { 200: studioLesson } } },
    async (request) => changed(courses.addLesson(db, editor(request), request.params.id, request.body, durationOf)),
  );
  app.put(
    '/api/studio/courses/:id/lesson-order',
    { ...write, schema: { params: idParams, body: lessonOrderBody, response: { 200: z.array(studioLesson) } } },
    async (request) => changed(courses.reorderLessons(db, editor(request), request.params.id, request.body.ids)),
  );
  app.patch(
    '/api/studio/lessons/:id',
    { ...write, schema: { params: idParams, body: patchLessonBody, response: { 200: studioLesson } } },
    async (request) => changed(courses.updateLesson(db, editor(request), request.params.id, request.body, durationOf)),
  );
  app.delete(
    '/api/studio/lessons/:id',
    { ...write, schema: { params: idParams, response: { 200: studioLesson } } },
    async (request) => changed(courses.deleteLesson(db, editor(request), request.params.id)),
  );

  // ---- tutorials ----
  app.get('/api/studio/tutorials', { ...read, schema: { response: { 200: z.array(studioTutorial) } } }, async () =>
    tutorials.listStudioTutorials(db),
  );
  app.post(
    '/api/studio/tutorials',
    { ...write, schema: { body: createTutorialBody, response: { 200: studioTutorial } } },
    async (request) => changed(tutorials.createTutorial(db, editor(request), request.body)),
  );
  app.get(
    '/api/studio/tutorials/:id',
    { ...read, schema: { params: idParams, response: { 200: studioTutorial } } },
    async (request) => answer(tutorials.getStudioTutorial(db, request.params.id)),
  );
  app.patch(
    '/api/studio/tutorials/:id',
    { ...write, schema: { params: idParams, body: patchTutorialBody, response: { 200: studioTutorial } } },
    async (request) => changed(tutorials.updateTutorial(db, editor(request), request.params.id, request.body)),
  );
  app.delete(
    '/api/studio/tutorials/:id',
    { ...write, schema: { params: idParams, response: { 200: studioTutorial } } },
    async (request) => changed(tutorials.deleteTutorial(db, editor(request), request.params.id)),
  );

  // ---- blog posts ----
  app.get('/api/studio/blogs', { ...read, schema: { response: { 200: z.array(studioBlog) } } }, async () =>
    blogs.listStudioBlogs(db),
  );
  app.post(
    '/api/studio/blogs',
    { ...write, schema: { body: createBlogBody, response: { 200: studioBlog } } },
    async (request) => changed(blogs.createBlog(db, editor(request), request.body)),
  );
  app.get(
    '/api/studio/blogs/:id',
    { ...read, schema: { params: idParams, response: { 200: studioBlog } } },
    async (request) => answer(blogs.getStudioBlog(db, request.params.id)),
  );
  app.patch(
    '/api/studio/blogs/:id',
    { ...write, schema: { params: idParams, body: patchBlogBody, response: { 200: studioBlog } } },
    async (request) => changed(blogs.updateBlog(db, editor(request), request.params.id, request.body)),
  );
  app.delete(
    '/api/studio/blogs/:id',
    { ...write, schema: { params: idParams, response: { 200: studioBlog } } },
    async (request) => changed(blogs.deleteBlog(db, editor(request), request.params.id)),
  );

  // ---- users and the audit trail (admins) ----
  app.get(
    '/api/studio/users',
    { preHandler: app.requireAdmin, schema: { querystring: usersQuery, response: { 200: z.array(studioUser) } } },
    async (request) => findUsers(db, request.query.q, app.config.adminEmails),
  );
  app.put(
    '/api/studio/users/:id/role',
    { ...adminWrite, schema: { params: idParams, body: setRoleBody, response: { 200: studioUser } } },
    // A role is no content: no read cache to clear, but the sessions this process keeps carry the old role.
    async (request) => {
      const saved = await answer(
        setRole(db, editor(request), request.params.id, request.body.role, app.config.adminEmails),
      );
      app.sessionsChanged();
      return saved;
    },
  );
  app.get(
    '/api/studio/audit',
    { preHandler: app.requireAdmin, schema: { querystring: auditQuery, response: { 200: z.array(auditEntry) } } },
    async (request) => listAudit(db, request.query.before),
  );
};
