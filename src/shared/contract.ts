// The API contract of SPEC §7, written once: the server validates and serializes with these schemas and the
// web client is typed by them. Field spellings (`_id`, `lession`, `lessonlist`, `lessionList`) are the spec's.
import { z } from 'zod';
import { LIMITS } from './constants';

export const idParam = z.string().min(1).max(100);

export const course = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  cover: z.string(),
});
export type Course = z.infer<typeof course>;

export const lesson = z.object({
  _id: z.string(),
  title: z.string(),
  link: z.string(),
  description: z.string(),
  /** A WebVTT captions file's address (added with the Studio); null when the lesson has none. */
  captions: z.string().nullable(),
  /** Seconds (issue 9), read from the media; null while unknown (a third-party link before anyone played it). */
  duration: z.number().nullable(),
});
export type Lesson = z.infer<typeof lesson>;

/** GET /api/course/getCourse: each course with (issue 9) its number of lessons and their total duration in
 *  seconds (the lessons whose duration is known). */
export const courseCard = course.extend({ lessonCount: z.number(), duration: z.number() });
export type CourseCard = z.infer<typeof courseCard>;

/** GET /api/lession/getLessionList/{courseId} */
export const courseWithLessons = course.extend({ lessonlist: z.array(lesson) });
export type CourseWithLessons = z.infer<typeof courseWithLessons>;

/** GET /api/lession/getLession/{courseId}/{lessonId}: `course[0]` is the lesson shown. */
export const lessonPage = z.object({
  course: z.array(lesson),
  lessionList: z.array(lesson),
});
export type LessonPage = z.infer<typeof lessonPage>;

export const tutorialCard = z.object({ _id: z.string(), title: z.string(), image: z.string() });
export const tutorial = tutorialCard.extend({ content: z.string() });
export type TutorialCard = z.infer<typeof tutorialCard>;
export type Tutorial = z.infer<typeof tutorial>;

export const blog = z.object({ _id: z.string(), title: z.string(), content: z.string(), date: z.string() });
export type Blog = z.infer<typeof blog>;

export const author = z.object({ _id: z.string(), name: z.string() });

export const comment = z.object({ _id: z.string(), content: z.string(), date: z.string(), user: author });
export type Comment = z.infer<typeof comment>;

export const bug = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  user: author.nullable(),
});
export type Bug = z.infer<typeof bug>;
export const bugList = z.object({ userBugs: z.array(bug), otherBugs: z.array(bug) });
export type BugList = z.infer<typeof bugList>;

export const searchResult = z.object({
  course: z.array(course),
  tutorial: z.array(tutorial),
});
export type SearchResult = z.infer<typeof searchResult>;

export const errorBody = z.object({ error: z.string() });

// ---- request bodies ----
const email = z
  .string()
  .trim()
  .max(LIMITS.emailMax, 'email is too long')
  .pipe(z.email('email is not a valid email address'));
const password = z
  .string()
  .min(LIMITS.passwordMin, `password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `password must be at most ${LIMITS.passwordMax} characters`);

export const createUserBody = z.object({
  name: z
    .string()
    .trim()
    .min(LIMITS.nameMin, `name must be at least ${LIMITS.nameMin} characters`)
    .max(LIMITS.nameMax, `name must be at most ${LIMITS.nameMax} characters`),
  email,
  password,
});
export const loginBody = z.object({
  email,
  password: z.string().min(1, 'password is required').max(LIMITS.passwordMax),
});
export const forgotBody = z.object({ email });
export const changePasswordBody = z.object({ id: z.string().min(1).max(200), password });
/** POST /api/auth/signInWithLink (an addition, issue 14): the token of a one-time sign-in link. */
export const signInLinkBody = z.object({ token: z.string().min(1).max(200) });
export type SignInLinkBody = z.infer<typeof signInLinkBody>;
export type CreateUserBody = z.infer<typeof createUserBody>;
export type LoginBody = z.infer<typeof loginBody>;
export type ForgotBody = z.infer<typeof forgotBody>;
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const authResult = z.object({
  success: z.boolean(),
  msg: z.string().optional(),
  error: z.string().optional(),
  authToken: z.string().optional(),
  id: z.string().optional(),
});
export type AuthResult = z.infer<typeof authResult>;

const richText = z.string().max(LIMITS.richTextMax, `content must be at most ${LIMITS.richTextMax} characters`);
export const addCommentBody = z.object({ lession: idParam, content: richText });
export const getCommentsBody = z.object({ lession: idParam });
export const addBugBody = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'title is required')
    .max(LIMITS.titleMax, `title must be at most ${LIMITS.titleMax} characters`),
  description: richText,
});
export const addSolutionBody = z.object({ bug: idParam, content: richText });
export const getSolutionsBody = z.object({ bug: idParam });
