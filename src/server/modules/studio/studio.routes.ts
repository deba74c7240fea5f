// The Studio API: authors and admins write courses, lessons, tutorials and blog posts; admins set roles
// and read the audit trail. Every answer is `no-store`; every content write clears the read caches
// (docs/decisions/0008-studio-roles-drafts-invalidation.md).
import type { FastifyPluginAsync } from 'fastify';
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
  setOwnerBody,
  setRoleBody,
  studioBlog,
  studioCourse,
  studioLesson,
  studioTutorial,
  studioUser,
  usersQuery,
} from '../../../shared/studio';
import { blog, courseWithLessons, lessonPage, tutorial } from '../../../shared/contract';
import { REVISABLE_KINDS, revisionActionBody, revisionList } from '../../../shared/studio-revisions';
import { PATHS } from '../../paths';
import { createMediaStorage, durationOfLink } from '../media';
import { perUserRateLimit } from '../../lib/per-user-rate-limit';
import { editorOf } from './editor-of';
import { listAudit } from './studio-audit.service';
import * as blogs from './studio-blogs.service';
import * as courses from './studio-courses.service';
import * as tutorials from './studio-tutorials.service';
import { setOwner } from './studio-owner.service';
import { findUsers, setRole } from './studio-users.service';
import { previewRoutes } from './preview.routes';
import {
  discardChanges,
  KIND_OF_PATH,
  listRevisions,
  publishChanges,
  restoreRevision,
} from './studio-revisions.service';

export interface StudioRoutesOptions {
  /** The clock preview links are made and checked by, in ms (tests move it past a link's expiry). */
  now?: () => number;
}

/** Authored text is up to LIMITS.authoredTextMax characters: a Studio body may be far bigger than a comment. */
export const STUDIO_BODY_BYTES_MAX = 1024 * 1024;
/** Studio writes per user per route per minute: autosave every few seconds stays far below it. */
export const STUDIO_WRITES_PER_MINUTE = 120;

// Any string: an id that is not a UUID names nothing and answers 404, never 400 or 500.
const idParams = z.object({ id: z.string() });

const revisionParams = z.object({ id: z.string(), rev: z.string() });

export const studioRoutes: FastifyPluginAsync<StudioRoutesOptions> = async (instance, options) => {
  const now = options.now ?? Date.now;
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  // Lesson videos' durations are read from the media when a lesson gets its link.
  const storage = createMediaStorage(app.config);
  app.addHook('onClose', async () => storage.close());
  const durationOf = (link: string) => durationOfLink(link, { storage, publicDir: PATHS.publicDir });

  // Drafts, emails and roles: nothing the Studio answers may be kept by a browser or a proxy, failures included.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** A content write committed: this process's cache goes now; the others hear the NOTIFY. */
  const changed = async <T>(work: Promise<T>): Promise<T> => {
    const result = await work;
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
    async (request) => changed(courses.createCourse(db, editorOf(request), request.body)),
  );
  app.get(
    '/api/studio/courses/:id',
    { ...read, schema: { params: idParams, response: { 200: studioCourse } } },
    async (request) => courses.getStudioCourse(db, request.params.id),
  );
  app.patch(
    '/api/studio/courses/:id',
    { ...write, schema: { params: idParams, body: patchCourseBody, response: { 200: studioCourse } } },
    async (request) => changed(courses.updateCourse(db, editorOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/api/studio/courses/:id',
    { ...write, schema: { params: idParams, response: { 200: studioCourse } } },
    async (request) => changed(courses.deleteCourse(db, editorOf(request), request.params.id)),
  );
  app.post(
    '/api/studio/courses/:id/lessons',
    { ...write, schema: { params: idParams, body: createLessonBody, response: { 200: studioLesson } } },
    async (request) => changed(courses.addLesson(db, editorOf(request), request.params.id, request.body, durationOf)),
  );
  app.put(
    '/api/studio/courses/:id/lesson-order',
    { ...write, schema: { params: idParams, body: lessonOrderBody, response: { 200: z.array(studioLesson) } } },
    async (request) => changed(courses.reorderLessons(db, editorOf(request), request.params.id, request.body.ids)),
  );
  app.patch(
    '/api/studio/lessons/:id',
    { ...write, schema: { params: idParams, body: patchLessonBody, response: { 200: studioLesson } } },
    async (request) =>
      changed(courses.updateLesson(db, editorOf(request), request.params.id, request.body, durationOf)),
  );
  app.delete(
    '/api/studio/lessons/:id',
    { ...write, schema: { params: idParams, response: { 200: studioLesson } } },
    async (request) => changed(courses.deleteLesson(db, editorOf(request), request.params.id)),
  );

  // ---- tutorials ----
  app.get('/api/studio/tutorials', { ...read, schema: { response: { 200: z.array(studioTutorial) } } }, async () =>
    tutorials.listStudioTutorials(db),
  );
  app.post(
    '/api/studio/tutorials',
    { ...write, schema: { body: createTutorialBody, response: { 200: studioTutorial } } },
    async (request) => changed(tutorials.createTutorial(db, editorOf(request), request.body)),
  );
  app.get(
    '/api/studio/tutorials/:id',
    { ...read, schema: { params: idParams, response: { 200: studioTutorial } } },
    async (request) => tutorials.getStudioTutorial(db, request.params.id),
  );
  app.patch(
    '/api/studio/tutorials/:id',
    { ...write, schema: { params: idParams, body: patchTutorialBody, response: { 200: studioTutorial } } },
    async (request) => changed(tutorials.updateTutorial(db, editorOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/api/studio/tutorials/:id',
    { ...write, schema: { params: idParams, response: { 200: studioTutorial } } },
    async (request) => changed(tutorials.deleteTutorial(db, editorOf(request), request.params.id)),
  );

  // ---- blog posts ----
  app.get('/api/studio/blogs', { ...read, schema: { response: { 200: z.array(studioBlog) } } }, async () =>
    blogs.listStudioBlogs(db),
  );
  app.post(
    '/api/studio/blogs',
    { ...write, schema: { body: createBlogBody, response: { 200: studioBlog } } },
    async (request) => changed(blogs.createBlog(db, editorOf(request), request.body)),
  );
  app.get(
    '/api/studio/blogs/:id',
    { ...read, schema: { params: idParams, response: { 200: studioBlog } } },
    async (request) => blogs.getStudioBlog(db, request.params.id),
  );
  app.patch(
    '/api/studio/blogs/:id',
    { ...write, schema: { params: idParams, body: patchBlogBody, response: { 200: studioBlog } } },
    async (request) => changed(blogs.updateBlog(db, editorOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/api/studio/blogs/:id',
    { ...write, schema: { params: idParams, response: { 200: studioBlog } } },
    async (request) => changed(blogs.deleteBlog(db, editorOf(request), request.params.id)),
  );

  // ---- published versions: Update, Discard changes, history, previews (decision 0051) ----
  const answerOf: Record<(typeof REVISABLE_KINDS)[number], z.ZodType> = {
    courses: studioCourse,
    lessons: studioLesson,
    tutorials: studioTutorial,
    blogs: studioBlog,
  };
  // A preview stands in for the public read its page makes.
  const previewAnswer: Record<(typeof REVISABLE_KINDS)[number], z.ZodType> = {
    courses: courseWithLessons,
    lessons: lessonPage,
    tutorials: z.array(tutorial),
    blogs: z.array(blog),
  };
  for (const path of REVISABLE_KINDS) {
    const kind = KIND_OF_PATH[path];
    const item = answerOf[path];
    app.post(
      `/api/studio/${path}/:id/update`,
      { ...write, schema: { params: idParams, body: revisionActionBody, response: { 200: item } } },
      async (request) => changed(publishChanges(db, editorOf(request), kind, request.params.id, request.body?.version)),
    );
    app.post(
      `/api/studio/${path}/:id/discard`,
      { ...write, schema: { params: idParams, body: revisionActionBody, response: { 200: item } } },
      async (request) => changed(discardChanges(db, editorOf(request), kind, request.params.id, request.body?.version)),
    );
    app.get(
      `/api/studio/${path}/:id/revisions`,
      { ...read, schema: { params: idParams, response: { 200: revisionList } } },
      async (request) => listRevisions(db, kind, request.params.id),
    );
    app.post(
      `/api/studio/${path}/:id/revisions/:rev/restore`,
      { ...write, schema: { params: revisionParams, body: revisionActionBody, response: { 200: item } } },
      async (request) =>
        changed(
          restoreRevision(db, editorOf(request), kind, request.params.id, request.params.rev, request.body?.version),
        ),
    );
    previewRoutes(app, { path, kind, answer: previewAnswer[path], write, now });
  }

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
      const saved = await setRole(db, editorOf(request), request.params.id, request.body.role, app.config.adminEmails);
      app.sessionsChanged();
      return saved;
    },
  );
  // ---- who owns an item (admins): hand it to an author or admin ----
  const owned = [
    ['courses', studioCourse, courses.getStudioCourse],
    ['tutorials', studioTutorial, tutorials.getStudioTutorial],
    ['blogs', studioBlog, blogs.getStudioBlog],
  ] as const;
  for (const [kind, answer, get] of owned) {
    app.put(
      `/api/studio/${kind}/:id/owner`,
      { ...adminWrite, schema: { params: idParams, body: setOwnerBody, response: { 200: answer } } },
      async (request) => {
        const { id } = request.params;
        await changed(setOwner(db, editorOf(request), kind, id, request.body.userId, app.config.adminEmails));
        return get(db, id);
      },
    );
  }

  app.get(
    '/api/studio/audit',
    { preHandler: app.requireAdmin, schema: { querystring: auditQuery, response: { 200: z.array(auditEntry) } } },
    async (request) => listAudit(db, request.query),
  );
};
