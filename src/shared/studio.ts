// The Studio's contract: roles, authored content with drafts and versions, users and the audit trail.
// The server validates and serializes with these schemas; the Studio screens are typed by them.
import { z } from 'zod';
import { LIMITS } from './constants';
import { author, idParam } from './contract';
import { revisable } from './studio-revisions';
import { isMediaUrl, isSiteMediaPath, ROLES, STATUSES } from './studio-rules';

export { ROLES, STATUSES, canAuthor, isMediaUrl, isSiteMediaPath } from './studio-rules';

export const role = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` });
export type Role = z.infer<typeof role>;

export const status = z.enum(STATUSES, { error: `status must be one of ${STATUSES.join(', ')}` });
export type Status = z.infer<typeof status>;

/** GET /api/auth/me */
export const me = z.object({ _id: z.string(), name: z.string(), email: z.string(), role });
export type Me = z.infer<typeof me>;

// ---- fields ----
const title = z
  .string()
  .trim()
  .min(1, 'title is required')
  .max(LIMITS.titleMax, `title must be at most ${LIMITS.titleMax} characters`);
const authoredHtml = (field: string) =>
  z.string().max(LIMITS.authoredTextMax, `${field} must be at most ${LIMITS.authoredTextMax} characters`);

const address = (field: string) =>
  z
    .string()
    .trim()
    .min(1, `${field} is required`)
    .max(LIMITS.urlMax, `${field} must be at most ${LIMITS.urlMax} characters`);
const mediaUrl = (field: string) =>
  address(field).refine(
    isMediaUrl,
    `${field} must be an http(s) URL or an uploaded file's /media/ path, without dot segments or backslashes`,
  );
/** A media address that may be left empty ('': none): a text lesson's video, a tutorial without an image. */
const optionalMediaUrl = (field: string) =>
  z
    .string()
    .trim()
    .max(LIMITS.urlMax, `${field} must be at most ${LIMITS.urlMax} characters`)
    .refine(
      (value) => value === '' || isMediaUrl(value),
      `${field} must be empty, an http(s) URL or an uploaded file's /media/ path, without dot segments or backslashes`,
    );
// The player's transcript reads the captions with fetch, which the page's Content-Security-Policy limits to this
// site (`connect-src 'self'`): captions on another host would never load, so only this site's files are taken.
const siteMediaPath = (field: string) =>
  address(field).refine(
    isSiteMediaPath,
    `${field} must be a file on this site (upload it: a /media/ path); captions on another site cannot be loaded`,
  );
const version = z.int('version must be an integer').min(1, 'version must be at least 1');

// ---- answers ----

const authored = {
  ...revisable,
  status,
  version: z.number(),
  /** ISO dates. */
  createdAt: z.string(),
  updatedAt: z.string(),
  author: author.nullable(),
};

export const studioLesson = z.object({
  _id: z.string(),
  courseId: z.string(),
  title: z.string(),
  link: z.string(),
  description: z.string(),
  captions: z.string().nullable(),
  /** What readers see of it: 'published' when the lesson and its course are. A lesson added to a published course is
   *  a 'draft' until it is published (its own Update or PATCH {status}, or the course's Update); a lesson of a draft
   *  course is published with its course. */
  status,
  version: z.number(),
  updatedAt: z.string(),
  ...revisable,
});
export type StudioLesson = z.infer<typeof studioLesson>;

export const studioCourse = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  cover: z.string(),
  ...authored,
  lessons: z.array(studioLesson),
});
export type StudioCourse = z.infer<typeof studioCourse>;

export const studioTutorial = z.object({
  _id: z.string(),
  title: z.string(),
  image: z.string(),
  content: z.string(),
  ...authored,
});
export type StudioTutorial = z.infer<typeof studioTutorial>;

export const studioBlog = z.object({
  _id: z.string(),
  title: z.string(),
  content: z.string(),
  /** The first publish date (ISO); null while the post has never been published. */
  date: z.string().nullable(),
  ...authored,
});
export type StudioBlog = z.infer<typeof studioBlog>;

// ---- bodies ----
export const createCourseBody = z.object({
  title,
  description: authoredHtml('description'),
  cover: mediaUrl('cover'),
  status: status.optional(),
});
export const patchCourseBody = createCourseBody.partial().extend({ version });
export type CreateCourseBody = z.infer<typeof createCourseBody>;
export type PatchCourseBody = z.infer<typeof patchCourseBody>;

export const createLessonBody = z.object({
  title,
  /** Optional: a lesson without a video is a text lesson ('' or absent). */
  link: optionalMediaUrl('link').optional(),
  description: authoredHtml('description'),
  captions: siteMediaPath('captions').nullable().optional(),
});
/** `status` publishes a draft lesson of a published course, or takes a published one off; a lesson of a draft course
 *  is published with its course. */
export const patchLessonBody = createLessonBody.partial().extend({ status: status.optional(), version });
export type CreateLessonBody = z.infer<typeof createLessonBody>;
export type PatchLessonBody = z.infer<typeof patchLessonBody>;

export const lessonOrderBody = z.object({
  ids: z.array(idParam).max(LIMITS.lessonsPerCourseMax, `a course has at most ${LIMITS.lessonsPerCourseMax} lessons`),
});
export type LessonOrderBody = z.infer<typeof lessonOrderBody>;

export const createTutorialBody = z.object({
  title,
  /** Optional: without one ('' or absent), lists and previews show the site's default card. */
  image: optionalMediaUrl('image').optional(),
  content: authoredHtml('content'),
  status: status.optional(),
});
export const patchTutorialBody = createTutorialBody.partial().extend({ version });
export type CreateTutorialBody = z.infer<typeof createTutorialBody>;
export type PatchTutorialBody = z.infer<typeof patchTutorialBody>;

export const createBlogBody = z.object({ title, content: authoredHtml('content'), status: status.optional() });
export const patchBlogBody = createBlogBody.partial().extend({ version });
export type CreateBlogBody = z.infer<typeof createBlogBody>;
export type PatchBlogBody = z.infer<typeof patchBlogBody>;

export const mediaUpload = z.object({ url: z.string() });
export type MediaUpload = z.infer<typeof mediaUpload>;

// ---- users and roles (admins) ----
export const studioUser = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  /** Listed in ADMIN_EMAILS: an admin while listed; the Studio cannot change the role. */
  bootstrapAdmin: z.boolean(),
});
export type StudioUser = z.infer<typeof studioUser>;
export const usersQuery = z.object({ q: z.string().trim().max(LIMITS.emailMax).default('') });
export const setRoleBody = z.object({ role });
export type SetRoleBody = z.infer<typeof setRoleBody>;
/** PUT /api/studio/{courses,tutorials,blogs}/{id}/owner (admins): the item's new author, an author or admin. */
export const setOwnerBody = z.object({ userId: z.string('userId must be a user id').min(1, 'userId is required') });
export type SetOwnerBody = z.infer<typeof setOwnerBody>;

// ---- audit trail (admins) ----
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'publish',
  'unpublish',
  'delete',
  'reorder',
  'reorder-practice',
  'role',
  'upload',
  'revoke',
  'owner',
] as const;
export const AUDIT_ENTITIES = [
  'course',
  'lesson',
  'tutorial',
  'blog',
  'comment',
  'bug',
  'solution',
  'user',
  'media',
  'exercise',
  'quiz',
  'certificate',
  'site',
] as const;
export const auditEntry = z.object({
  _id: z.string(),
  at: z.string(),
  /** Null once the account is gone; `actorName` keeps who it was. */
  actor: author.nullable(),
  /** The actor's name when the entry was written (kept when the account is deleted). */
  actorName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  beforeTitle: z.string().nullable(),
  afterTitle: z.string().nullable(),
  /**
   * The item as it is now, so the entry can link to it: null once it is gone. It carries what places the item: its
   * course (a lesson, and a lesson's comment), its lesson (a comment), its bug (a bug, a solution); an item found by
   * its own id alone (a course's, tutorial's, post's or user's, a file, the site) is `{}`.
   */
  item: z
    .object({
      courseId: z.string().optional(),
      lessonId: z.string().optional(),
      bugId: z.string().optional(),
      /** A practice item's tutorial (a lesson's item carries its course and lesson). */
      tutorialId: z.string().optional(),
    })
    .nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export type AuditAction = AuditEntry['action'];
export type AuditEntity = AuditEntry['entity'];
export type AuditItem = AuditEntry['item'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && z.iso.date().safeParse(value).success;
const isInstant = (value: string) => z.iso.datetime({ offset: true }).safeParse(value).success;
/** A day (`YYYY-MM-DD`, in UTC: the whole day) or an instant (an ISO date-time with its offset). */
const auditBound = (name: string) =>
  z
    .string()
    .refine(
      (value) => isDay(value) || isInstant(value),
      `${name} must be a day (YYYY-MM-DD) or an ISO date-time with its offset`,
    );
/** The first instant a bound covers: a day's start, or the instant itself. */
export const auditFromInstant = (from: string) => new Date(isDay(from) ? `${from}T00:00:00.000Z` : from);
/** The last instant a bound covers: a day's last millisecond, or the instant itself. */
export const auditToInstant = (to: string) =>
  isDay(to) ? new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000 - 1) : new Date(to);

/**
 * `before` (an entry's `at`) pages back through older entries; the filters: `actor` (a user's id: what they did),
 * `entity` (the item's kind), `from` and `to` (inclusive, each a day or an instant).
 */
export const auditQuery = z
  .object({
    before: z.iso.datetime({ offset: true }).optional(),
    actor: z.uuid('actor must be a user id').optional(),
    entity: z.enum(AUDIT_ENTITIES, { error: `entity must be one of ${AUDIT_ENTITIES.join(', ')}` }).optional(),
    from: auditBound('from').optional(),
    to: auditBound('to').optional(),
  })
  .refine((query) => !query.from || !query.to || auditFromInstant(query.from) <= auditToInstant(query.to), {
    message: 'to must not be before from',
    path: ['to'],
  });
export type AuditQuery = z.infer<typeof auditQuery>;
