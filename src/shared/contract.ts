// The API contract of the specified calls, written once: the server validates and serializes with these schemas and the
// web client is typed by them. Field spellings (`_id`, `lession`, `lessonlist`, `lessionList`) are the spec's.
import { z } from 'zod';
import { BUG_TAG, BUG_TAGS_MAX, LIMITS } from './constants';

export { BUG_TAG, BUG_TAGS_MAX } from './constants';

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
  /** Seconds, read from the media; null while unknown (a third-party link before anyone played it). */
  duration: z.number().nullable(),
});
export type Lesson = z.infer<typeof lesson>;
/** A lesson as a list of a course's lessons shows it: all but its description. */
export type LessonListItem = Omit<Lesson, 'description'>;

/** GET /api/course/getCourse: each course with (added fields) its number of lessons and their total duration in
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
  /** When the lesson shown last changed (ISO 8601): its video as it stands went up then (the VideoObject's
   *  uploadDate). */
  updatedAt: z.string(),
});
export type LessonPage = z.infer<typeof lessonPage>;

export const tutorialCard = z.object({ _id: z.string(), title: z.string(), image: z.string() });
export const tutorial = tutorialCard.extend({ content: z.string() });
export type TutorialCard = z.infer<typeof tutorialCard>;
export type Tutorial = z.infer<typeof tutorial>;

export const blog = z.object({ _id: z.string(), title: z.string(), content: z.string(), date: z.string() });
export type Blog = z.infer<typeof blog>;

export const author = z.object({ _id: z.string(), name: z.string() });
/** The author of a comment, bug or solution, with (an added field) whether their public profile is open: names link
 *  to /u/{_id} only when it is. */
export const contentAuthor = author.extend({ profilePublic: z.boolean() });
export type ContentAuthor = z.infer<typeof contentAuthor>;
/** A comment or solution whose account was deleted keeps this author: 'unknown', with no id and no profile. */
export const UNKNOWN_AUTHOR: ContentAuthor = { _id: '', name: 'unknown', profilePublic: false };

export const comment = z.object({ _id: z.string(), content: z.string(), date: z.string(), user: contentAuthor });
export type Comment = z.infer<typeof comment>;

/** Where a bug was asked from (the moment of a lesson): the lesson and the video time in seconds. */
export const bugLesson = z.object({ courseId: z.string(), id: z.string(), title: z.string(), at: z.number() });
export type BugLesson = z.infer<typeof bugLesson>;

export const bug = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  user: contentAuthor.nullable(),
  // Added fields: tags, the accepted solution, counts, the last edit and the lesson moment.
  tags: z.array(z.string()),
  solved: z.boolean(),
  acceptedSolution: z.string().nullable(),
  solutionCount: z.number(),
  /** The score of the best-voted solution; null while the bug has none. */
  bestScore: z.number().nullable(),
  editedAt: z.string().nullable(),
  lesson: bugLesson.nullable(),
});
export type Bug = z.infer<typeof bug>;
export const bugList = z.object({ userBugs: z.array(bug), otherBugs: z.array(bug) });
export type BugList = z.infer<typeof bugList>;

/** A solution to a bug: a comment with (added fields) its score, the caller's vote, whether it is the accepted one and
 *  its last edit. */
export const voteValue = z.union([z.literal(1), z.literal(-1), z.literal(0)], {
  error: 'value must be 1, -1 or 0',
});
export type VoteValue = z.infer<typeof voteValue>;
export const solution = comment.extend({
  score: z.number(),
  myVote: voteValue,
  accepted: z.boolean(),
  editedAt: z.string().nullable(),
});
export type Solution = z.infer<typeof solution>;

/** GET /api/bug/list: one page, newest first (or best match first with `q`); `nextCursor` is null on the last. */
export const bugPage = z.object({ bugs: z.array(bug), nextCursor: z.string().nullable() });
export type BugPage = z.infer<typeof bugPage>;
/** GET /api/bug/{id}/solutions: one page, accepted first, then by score, then newest. */
export const solutionPage = z.object({ solutions: z.array(solution), nextCursor: z.string().nullable() });
export type SolutionPage = z.infer<typeof solutionPage>;
/** GET /api/lession/{lessonId}/bugs: the questions asked on a lesson, by video time. */
export const lessonBug = z.object({ _id: z.string(), title: z.string(), at: z.number(), solved: z.boolean() });
export type LessonBug = z.infer<typeof lessonBug>;
/** PUT /api/bug/comment/{id}/vote */
export const voteResult = z.object({ score: z.number(), myVote: voteValue });
export type VoteResult = z.infer<typeof voteResult>;
/** GET /api/bug/tags?prefix=: existing tags starting with the prefix, most used first. */
export const tagSuggestions = z.object({ tags: z.array(z.object({ name: z.string(), count: z.number() })) });
export type TagSuggestions = z.infer<typeof tagSuggestions>;

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
/** POST /api/auth/signInWithLink (an addition): the token of a one-time sign-in link. */
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
const bugTitle = z
  .string()
  .trim()
  .min(1, 'title is required')
  .max(LIMITS.titleMax, `title must be at most ${LIMITS.titleMax} characters`);
/** Tags are lower-cased and de-duplicated; each must be 1–24 of a-z 0-9 + # . - */
export const bugTagsField = z
  .array(
    z
      .string()
      .max(100, 'a tag must be at most 24 characters')
      .transform((t) => t.trim().toLowerCase())
      .pipe(z.string().regex(BUG_TAG, 'each tag must be 1–24 characters of a-z, 0-9, +, #, . or -')),
    { error: 'tags must be a list of words' },
  )
  .transform((tags) => [...new Set(tags)])
  .pipe(z.array(z.string()).max(BUG_TAGS_MAX, `at most ${BUG_TAGS_MAX} tags`));
/** Seconds into a lesson's video; a day is far beyond any lesson. */
export const lessonMoment = z.object(
  {
    id: idParam,
    at: z
      .number({ error: 'lesson.at must be a number of seconds' })
      .finite()
      .min(0)
      .max(86_400, 'lesson.at is too large'),
  },
  { error: 'lesson must be {id, at}' },
);
export const addBugBody = z.object({
  title: bugTitle,
  description: richText,
  tags: bugTagsField.optional(),
  lesson: lessonMoment.nullish(),
});
export type AddBugBody = z.infer<typeof addBugBody>;
export const editBugBody = z
  .object({ title: bugTitle.optional(), description: richText.optional(), tags: bugTagsField.optional() })
  .strict()
  .refine((b) => b.title !== undefined || b.description !== undefined || b.tags !== undefined, {
    error: 'nothing to change: send title, description or tags',
  });
export type EditBugBody = z.infer<typeof editBugBody>;
export const editSolutionBody = z.object({ content: richText });
export const acceptBody = z.object({ solution: idParam.nullable() });
export const voteBody = z.object({ value: voteValue });
const flag = z.enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' }).optional();
export const bugListQuery = z.object({
  cursor: z.string().max(500, 'cursor is not one this server issued').optional(),
  // Empty means no tag filter (`?tag=`), as for the other parameters.
  tag: z
    .string()
    .transform((t) => t.trim().toLowerCase())
    .pipe(z.union([z.literal(''), z.string().regex(BUG_TAG, 'tag must be 1–24 characters of a-z, 0-9, +, #, . or -')]))
    .optional(),
  q: z.string().max(LIMITS.searchMax, `q must be at most ${LIMITS.searchMax} characters`).optional(),
  unsolved: flag,
  mine: flag,
});
export type BugListQuery = z.infer<typeof bugListQuery>;
export const solutionsQuery = z.object({
  cursor: z.string().max(500, 'cursor is not one this server issued').optional(),
});
export const tagsQuery = z.object({ prefix: z.string().max(24).optional() });
export const addSolutionBody = z.object({ bug: idParam, content: richText });
export const getSolutionsBody = z.object({ bug: idParam });
