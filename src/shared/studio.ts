// The Studio's contract (issue 8): roles, authored content with drafts and versions, users and the audit trail.
// The server validates and serializes with these schemas; the Studio screens are typed by them.
import { z } from 'zod';
import { LIMITS } from './constants';
import { author, idParam } from './contract';
import { isMediaUrl, ROLES, STATUSES } from './studio-rules';

export { ROLES, STATUSES, canAuthor, isMediaUrl } from './studio-rules';

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

const mediaUrl = (field: string) =>
  z
    .string()
    .trim()
    .min(1, `${field} is required`)
    .max(LIMITS.urlMax, `${field} must be at most ${LIMITS.urlMax} characters`)
    .refine(isMediaUrl, `${field} must be an http(s) URL or an uploaded file's /media/ path`);
const version = z.int('version must be an integer').min(1, 'version must be at least 1');

// ---- answers ----
const authored = {
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
  version: z.number(),
  updatedAt: z.string(),
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
  link: mediaUrl('link'),
  description: authoredHtml('description'),
  captions: mediaUrl('captions').nullable().optional(),
});
export const patchLessonBody = createLessonBody.partial().extend({ version });
export type CreateLessonBody = z.infer<typeof createLessonBody>;
export type PatchLessonBody = z.infer<typeof patchLessonBody>;

export const lessonOrderBody = z.object({
  ids: z.array(idParam).max(LIMITS.lessonsPerCourseMax, `a course has at most ${LIMITS.lessonsPerCourseMax} lessons`),
});
export type LessonOrderBody = z.infer<typeof lessonOrderBody>;

export const createTutorialBody = z.object({
  title,
  image: mediaUrl('image'),
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

// ---- audit trail (admins) ----
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'publish',
  'unpublish',
  'delete',
  'reorder',
  'role',
  'upload',
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
});
export type AuditEntry = z.infer<typeof auditEntry>;
export type AuditAction = AuditEntry['action'];
export type AuditEntity = AuditEntry['entity'];
/** `before` (an entry's `at`) pages back through older entries. */
export const auditQuery = z.object({ before: z.iso.datetime({ offset: true }).optional() });
