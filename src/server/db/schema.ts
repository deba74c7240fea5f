// The database schema (Drizzle). PostgreSQL 15 SQL only: the embedded PGlite is 18, production may be 15.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A set of non-overlapping numeric ranges (PostgreSQL 14+): `+` unites two sets, merging overlaps and neighbours. */
const nummultirange = customType<{ data: string }>({ dataType: () => 'nummultirange' });

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

// Studio-authored content: a status (drafts never reach readers), a version for optimistic locking
// (a stale save is refused), the last edit and who wrote it. New rows are drafts unless a writer says otherwise.
const authored = () => ({
  status: text('status', { enum: ['draft', 'published'] })
    .notNull()
    .default('draft'),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  authorId: uuid('author_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  ...revisable(),
});

/** One editable field as a working copy or a revision holds it (by column name): text, a number, a flag, or the
 *  JSON of a jsonb column (a practice item's tests, questions and check). */
export type FieldValue = string | number | boolean | null | unknown[] | { [key: string]: unknown };

/** The Studio's copy of a published item's edits, not yet published: `{fields, savedAt}`, null when there is none
 *  (a draft never has one). Readers' queries never select it, so their reads stay as they were. */
export interface WorkingCopy {
  fields: Record<string, FieldValue>;
  savedAt: string;
}

// What every item that has a published version and previews carries (docs/decisions/0051).
function revisable() {
  return {
    working: jsonb('working').$type<WorkingCopy>(),
    /** Raised to revoke every preview link of the item: a link carries the generation it was made in. */
    previewGeneration: integer('preview_generation').notNull().default(0),
  };
}

/** Title weighs A, the text with tags stripped weighs B, so a title match outranks a body match. */
const weighted = (title: string, body: string) =>
  `setweight(to_tsvector('english', coalesce(${title}, '')), 'A') || ` +
  `setweight(to_tsvector('english', regexp_replace(coalesce(${body}, ''), '<[^>]*>', ' ', 'g')), 'B')`;
const searchVector = (title: string, body: string) =>
  tsvector('search')
    .notNull()
    .generatedAlwaysAs(sql.raw(weighted(title, body)));
/** The same with the lexemes' initials (search_initials, migration 0020), where search finds a one-letter prefix. */
const catalogueSearchVector = (title: string, body: string) =>
  tsvector('search')
    .notNull()
    .generatedAlwaysAs(sql.raw(`search_initials(${weighted(title, body)})`));

/** The title's lexemes and their initials alone, kept beside `search`: search finds and tells title matches by it.
 *  Stored rather than an index on to_tsvector(title), so that a match read row by row (the planner reads a short,
 *  common prefix such as 'p:*' from the start of the table until it has its candidates) reads the lexemes instead of
 *  parsing each title again. */
const titleVector = (title: string) =>
  tsvector('title_search')
    .notNull()
    .generatedAlwaysAs(sql.raw(`search_initials(to_tsvector('english', coalesce(${title}, '')))`));

export const courses = pgTable(
  'courses',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    cover: text('cover').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    ...authored(),
    search: catalogueSearchVector('title', 'description'),
    titleSearch: titleVector('title'),
  },
  (t) => [
    index('courses_position_idx').on(t.position),
    index('courses_search_idx').using('gin', t.search),
    // Title-only matches are ranked first by search; this finds them without reading every body match.
    index('courses_title_search_idx').using('gin', t.titleSearch),
  ],
);

export const lessons = pgTable(
  'lessons',
  {
    id: id(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    link: text('link').notNull(),
    description: text('description').notNull(),
    /** A WebVTT file's address, when the lesson has captions. */
    captions: text('captions'),
    /** Seconds, read from the media when the lesson is created or seeded; a third-party link learns it from the
     *  first player report. Null while unknown. */
    duration: doublePrecision('duration'),
    /** Readers see a lesson when it and its course are published. A lesson added to a published course is a draft
     *  until its own publish or the course's Update; every other lesson is published (with its course). */
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('published'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...revisable(),
  },
  (t) => [index('lessons_course_position_idx').on(t.courseId, t.position)],
);

export const tutorials = pgTable(
  'tutorials',
  {
    id: id(),
    title: text('title').notNull(),
    image: text('image').notNull(),
    content: text('content').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    ...authored(),
    search: catalogueSearchVector('title', 'content'),
    titleSearch: titleVector('title'),
  },
  (t) => [
    index('tutorials_position_idx').on(t.position),
    index('tutorials_search_idx').using('gin', t.search),
    index('tutorials_title_search_idx').using('gin', t.titleSearch),
  ],
);

/**
 * The typo-tolerant search's dictionary: each distinct word of the published course and tutorial titles (as search
 * splits a text: NFKC, lower case, letters and digits only; 4 to 25 letters), with the number of published titles
 * holding it. Kept by triggers on `courses` and `tutorials` in the same statement as every insert, update and delete,
 * so it is right in every process at the commit, and a draft's words never enter it. `deletions` is each form of the
 * word with one letter dropped: two words one edit apart (a letter added, dropped, changed, or two neighbours swapped)
 * share a form, which the GIN index finds (migration 0015 holds the functions and triggers).
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    titles: integer('titles').notNull(),
    deletions: text('deletions')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`search_word_deletions(word)`),
  },
  (t) => [index('search_words_deletions_idx').using('gin', t.deletions)],
);

/**
 * Every lexeme that the `search` of a course or tutorial holds or has held, drafts included: search expands the
 * prefix of a text's last word into the lexemes that exist, which the GIN indexes find without reading every posting
 * list whole. Insert-only, so it holds at least the lexemes of every row (a lexeme no row holds any more widens no
 * query), and kept by triggers on `courses` and `tutorials` in the same statement as every insert and update
 * (migration 0017 holds them). The SP-GiST index answers `lexeme ^@ prefix`.
 */
export const searchLexemes = pgTable('search_lexemes', { lexeme: text('lexeme').primaryKey() }, (t) => [
  index('search_lexemes_prefix_idx').using('spgist', t.lexeme),
]);

export const blogs = pgTable(
  'blogs',
  {
    id: id(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** The first publish date; null while a draft has never been published. */
    date: timestamp('date', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    ...authored(),
  },
  (t) => [index('blogs_date_idx').on(t.date)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    verificationSentAt: timestamp('verification_sent_at', { withTimezone: true, mode: 'date' }),
    /** learner | author | admin. ADMIN_EMAILS makes a verified account an admin whatever this says. */
    role: text('role', { enum: ['learner', 'author', 'admin'] })
      .notNull()
      .default('learner'),
    createdAt: createdAt(),
    /** Plain text the person wrote about themselves, shown on their public profile. */
    bio: text('bio').notNull().default(''),
    /** Whether /u/{id} shows the profile to everyone; private (404) until the person opens it. */
    profilePublic: boolean('profile_public').notNull().default(false),
    /** The address a change of email waits to be confirmed for (the current one stays in force until then). */
    pendingEmail: text('pending_email'),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The User-Agent of the login, so the person can tell their sessions apart (browser and system). */
    userAgent: text('user_agent'),
    /** When a request last used the session, to within a few minutes (it is written at most that often). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use email tokens: kind 'verify' (24 h), 'reset' (1 h), 'signin' (15 min) or 'email' (24 h: confirms a
 *  change of address to `email`). Only the hash is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['verify', 'reset', 'signin', 'email'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The new address a kind 'email' token confirms. */
    email: text('email'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('user_tokens_hash_idx').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId)],
);

/** Transactional outbox: written in the same transaction as the user or token; a worker sends it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers (a notification mail's List-Unsubscribe); null for transactional mail. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at is null`),
  ],
);

export const lessonComments = pgTable(
  'lesson_comments',
  {
    id: id(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** Null once the author's account is deleted: the comment stays, its author shown as 'unknown'. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('lesson_comments_lesson_idx').on(t.lessonId, t.createdAt),
    // A person's own comments: their export, and unlinking or deleting them with the account.
    index('lesson_comments_user_idx').on(t.userId, t.id),
  ],
);

export const bugs = pgTable(
  'bugs',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
    /** Up to 5 lower-case tags, as shown; `bug_tags` holds the same for filtering. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The solution the bug's author accepted; the bug is solved while this is set. */
    acceptedSolutionId: uuid('accepted_solution_id').references((): AnyPgColumn => bugComments.id, {
      onDelete: 'set null',
    }),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
    /** The lesson the bug was asked from and the video time in seconds ('Ask about this moment'). */
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    lessonAt: doublePrecision('lesson_at'),
    search: searchVector('title', 'description'),
  },
  (t) => [
    index('bugs_created_idx').on(t.createdAt, t.id),
    index('bugs_user_idx').on(t.userId, t.createdAt, t.id),
    index('bugs_unsolved_idx')
      .on(t.createdAt, t.id)
      .where(sql`accepted_solution_id is null`),
    index('bugs_lesson_idx').on(t.lessonId, t.lessonAt),
    index('bugs_search_idx').using('gin', t.search),
    index('bugs_title_search_idx').using('gin', sql`to_tsvector('english', ${t.title})`),
  ],
);

/** One row per (bug, tag), carrying the bug's creation time so a tag's newest bugs are one index range. */
export const bugTags = pgTable(
  'bug_tags',
  {
    bugId: uuid('bug_id')
      .notNull()
      .references(() => bugs.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bugId, t.tag] }), index('bug_tags_tag_created_idx').on(t.tag, t.createdAt, t.bugId)],
);

export const bugComments = pgTable(
  'bug_comments',
  {
    id: id(),
    bugId: uuid('bug_id')
      .notNull()
      .references(() => bugs.id, { onDelete: 'cascade' }),
    /** Null once the author's account is deleted: the solution stays, its author shown as 'unknown'. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
    /** The sum of the votes, kept by the same statement that writes a vote. */
    score: integer('score').notNull().default(0),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('bug_comments_bug_idx').on(t.bugId, t.createdAt),
    index('bug_comments_bug_score_idx').on(t.bugId, t.score, t.createdAt, t.id),
    // A person's own solutions: their profile, their export, and unlinking or deleting them with the account.
    index('bug_comments_user_idx').on(t.userId, t.id),
  ],
);

/** One vote per (user, solution): +1, -1, or 0 once withdrawn. `previous` is the value the last write replaced,
 *  so one upsert both records the vote and tells how much the score moves. */
export const bugVotes = pgTable(
  'bug_votes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    solutionId: uuid('solution_id')
      .notNull()
      .references(() => bugComments.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    previous: smallint('previous').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.solutionId] }), index('bug_votes_solution_idx').on(t.solutionId)],
);

/** Server-held keys made once by a migration (the cursor signing key), shared by every process. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** An item's published versions: every Update and Publish keeps one (the fields as published, who and when); the
 *  newest 50 of an item are kept. `kind` + `item_id` name the item (rows go with it when it is deleted). */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: id(),
    kind: text('kind', { enum: ['course', 'lesson', 'tutorial', 'blog', 'exercise', 'quiz'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    title: text('title').notNull(),
    fields: jsonb('fields').$type<Record<string, FieldValue>>().notNull(),
    byId: uuid('by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept so the history survives the account. */
    byName: text('by_name').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('content_revisions_item_idx').on(t.kind, t.itemId, t.at),
    // Deleting an account unlinks its revisions.
    index('content_revisions_by_idx').on(t.byId),
  ],
);

/** Every Studio write and moderation delete: who, what, which item, when, the title before and after.
 *  The actor's name is kept so the trail survives the account. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    beforeTitle: text('before_title'),
    afterTitle: text('after_title'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    // Deleting an account unlinks its entries.
    index('audit_log_actor_idx').on(t.actorId),
  ],
);

/** What one learner watched of one lesson: one row per (user, lesson), written by an upsert per player
 *  report. `ranges` holds the watched seconds merged by PostgreSQL; `watched` is their total length, kept beside
 *  them so percentages are a sum, not a walk over ranges. `completed` is the 90% rule (once reached it stays);
 *  `manual` is the learner's own mark, which wins when set. */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    ranges: nummultirange('ranges')
      .notNull()
      .default(sql`'{}'::nummultirange`),
    watched: doublePrecision('watched').notNull().default(0),
    position: doublePrecision('position').notNull().default(0),
    /** The duration this learner's player reported last: what they are measured against while the lesson's own is
     *  unknown (the lesson's, once known, is what percentages use). */
    duration: doublePrecision('duration'),
    completed: boolean('completed').notNull().default(false),
    manual: boolean('manual'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    // "My learning" and the home row read a user's rows newest first.
    index('lesson_progress_user_updated_idx').on(t.userId, t.updatedAt),
    // Deleting a lesson removes its rows.
    index('lesson_progress_lesson_idx').on(t.lessonId),
  ],
);

// ---- practice: exercises and quizzes after a lesson's or a tutorial's content ----

/** One test of an exercise, as stored (ids are stable across edits so results can name them). */
export interface StoredTest {
  id: string;
  name: string;
  code: string;
  hidden: boolean;
}
/** One quiz question, as stored, with its answers. */
export interface StoredQuestion {
  id: string;
  text: string;
  multiple: boolean;
  choices: { id: string; text: string; correct: boolean }[];
  explanation: string;
}
/** The save-time check of an exercise: its reference solution passes every test, its starter code fails one. */
export interface StoredCheck {
  solutionPasses: boolean;
  starterFails: boolean;
  failures: { test: string; message: string }[];
}

/** A practice item belongs to exactly one lesson or one tutorial and is visible to readers exactly when its owner
 *  is (and, for an exercise, once its check passes). Exercise and quiz fields share the row; the other kind's are
 *  null. */
export const practiceItems = pgTable(
  'practice_items',
  {
    id: id(),
    kind: text('kind', { enum: ['exercise', 'quiz'] }).notNull(),
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    tutorialId: uuid('tutorial_id').references(() => tutorials.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    // exercise
    prompt: text('prompt'),
    language: text('language', { enum: ['javascript', 'typescript', 'python'] }),
    starterCode: text('starter_code'),
    solution: text('solution'),
    tests: jsonb('tests').$type<StoredTest[]>(),
    timeLimitMs: integer('time_limit_ms'),
    valid: boolean('valid').notNull().default(true),
    check: jsonb('check').$type<StoredCheck>(),
    // quiz
    passMark: integer('pass_mark'),
    questions: jsonb('questions').$type<StoredQuestion[]>(),
    /** `working`: the edits of an item whose lesson or tutorial is published, until Update (the check's result with
     *  them); `preview_generation`: its preview links' generation. */
    ...revisable(),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('practice_items_lesson_idx').on(t.lessonId, t.position),
    index('practice_items_tutorial_idx').on(t.tutorialId, t.position),
    check('practice_items_one_owner', sql`(${t.lessonId} IS NULL) <> (${t.tutorialId} IS NULL)`),
  ],
);

/** A graded submission; only the latest `PRACTICE.submissionsKept` per learner and exercise are kept. */
export const exerciseSubmissions = pgTable(
  'exercise_submissions',
  {
    id: id(),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => practiceItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    verdict: text('verdict', { enum: ['passed', 'failed', 'error', 'timeout'] }).notNull(),
    /** The results as answered: hidden tests already named 'Hidden test N', without messages. */
    results: jsonb('results').$type<{ name: string; passed: boolean; hidden: boolean; message?: string }[]>().notNull(),
    output: text('output').notNull(),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    /** The learner's how-manieth submission on the exercise (1, 2, …): the latest ones are kept by this number. */
    seq: integer('seq').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('exercise_submissions_user_exercise_idx').on(t.userId, t.exerciseId, t.createdAt)],
);

/** A quiz attempt; only the latest `PRACTICE.attemptsKept` per learner and quiz are kept. */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: id(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => practiceItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<{ questionId: string; choiceIds: string[] }[]>().notNull(),
    score: integer('score').notNull(),
    total: integer('total').notNull(),
    passed: boolean('passed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('quiz_attempts_user_quiz_idx').on(t.userId, t.quizId, t.createdAt)],
);

/** What a learner has of one practice item: the code they last left in the editor (exercises) and when they first
 *  passed it (null until then). Passing stays passed, as a completed lesson does. */
export const practiceProgress = pgTable(
  'practice_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => practiceItems.id, { onDelete: 'cascade' }),
    code: text('code'),
    /** How many submissions the learner made on the exercise: the next one's `seq`. Counting it in this row makes
     *  concurrent submissions of one learner on one item take turns (the row's lock) without a lock of their own. */
    submissions: integer('submissions').notNull().default(0),
    passedAt: timestamp('passed_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index('practice_progress_item_idx').on(t.itemId)],
);

// ---- certificates: proof of a finished course ----

/** One certificate per learner and course, issued when the course becomes complete. What it states is frozen at
 *  issue (the learner's name, the course title, the counts and hours): renaming either later changes nothing on it.
 *  `code` is its public, unguessable address. The course key goes null if the course is deleted: the certificate
 *  stays true. A revoked one keeps its row and says when and why. */
export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    code: text('code').notNull(),
    /** Null once the learner's account is deleted: the row stays, revoked, so its address answers 410. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    learnerName: text('learner_name').notNull(),
    courseTitle: text('course_title').notNull(),
    lessons: integer('lessons').notNull(),
    /** Hours of video the learner actually watched (their merged ranges), one decimal. */
    hoursWatched: doublePrecision('hours_watched').notNull(),
    exercisesPassed: integer('exercises_passed').notNull(),
    quizzesPassed: integer('quizzes_passed').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('certificates_code_idx').on(t.code),
    // Two reports completing a course at once still make one certificate: the second insert does nothing.
    uniqueIndex('certificates_user_course_idx').on(t.userId, t.courseId),
    index('certificates_course_issued_idx').on(t.courseId, t.issuedAt),
    index('certificates_issued_idx').on(t.issuedAt),
  ],
);

/** The site's own settings (name, description, footer, contact page), one row, changed by admins in the Studio.
 *  No row: the product's defaults (src/shared/site.ts). */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: smallint('id').primaryKey().default(1),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('site_settings_one_row', sql`${t.id} = 1`)],
);

// ---- notifications ----

/** What happened that a person cares about: in the page (list, bell, stream) and by mail. `seq` orders them for the
 *  stream (its event ids) and moves forward when a grouped notification takes another vote. The keys of the subject
 *  (bug, solution, comment, lesson, blog, certificate) cascade: a deleted one takes its notifications with it.
 *  `group_key` groups unread votes on one solution into one row with a `count` (another vote moves `created_at`
 *  and `seq` forward). `mail_state`: none (not mailed), pending (an immediate mail, due NOTIFY_MAIL_DELAY_S after
 *  `created_at`), queued (handed to the outbox), digest (waits for the digest), digested, skipped (read or turned
 *  off before its mail). */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    subjectTitle: text('subject_title').notNull(),
    subjectUrl: text('subject_url').notNull(),
    bugId: uuid('bug_id').references(() => bugs.id, { onDelete: 'cascade' }),
    solutionId: uuid('solution_id').references(() => bugComments.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => lessonComments.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    blogId: uuid('blog_id').references(() => blogs.id, { onDelete: 'cascade' }),
    certificateId: uuid('certificate_id').references(() => certificates.id, { onDelete: 'cascade' }),
    groupKey: text('group_key'),
    count: integer('count').notNull().default(1),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    mailState: text('mail_state', { enum: ['none', 'pending', 'queued', 'digest', 'digested', 'skipped'] })
      .notNull()
      .default('none'),
  },
  (t) => [
    // The list, newest first, and its cursor.
    index('notifications_recipient_created_idx').on(t.recipientId, t.createdAt.desc(), t.id.desc()),
    // The unread count.
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`read_at is null`),
    // One unread group (votes on one solution) per person.
    uniqueIndex('notifications_group_idx')
      .on(t.recipientId, t.groupKey)
      .where(sql`read_at is null and group_key is not null`),
    // The stream: what a process fetches after a NOTIFY, and a reconnect's replay.
    uniqueIndex('notifications_seq_idx').on(t.seq),
    index('notifications_recipient_seq_idx').on(t.recipientId, t.seq),
    index('notifications_mail_due_idx')
      .on(t.createdAt)
      .where(sql`mail_state = 'pending'`),
    index('notifications_digest_idx')
      .on(t.recipientId, t.createdAt)
      .where(sql`mail_state = 'digest' and read_at is null`),
    // The subjects' keys, for their cascades.
    index('notifications_bug_idx').on(t.bugId),
    index('notifications_solution_idx').on(t.solutionId),
    index('notifications_comment_idx').on(t.commentId),
    index('notifications_lesson_idx').on(t.lessonId),
    index('notifications_blog_idx').on(t.blogId),
    index('notifications_certificate_idx').on(t.certificateId),
  ],
);

/** Who watches a bug: its asker and everyone who answered it, and whoever pressed 'Watch'. */
export const bugWatches = pgTable(
  'bug_watches',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bugId: uuid('bug_id')
      .notNull()
      .references(() => bugs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.bugId, t.userId] }), index('bug_watches_user_idx').on(t.userId)],
);

/** A person's notification mail settings; no row: the defaults (src/shared/notifications.ts). `types` holds only the
 *  types set; `unsubscribe_version` is signed into unsubscribe links (raising it voids the links mailed before). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  digest: text('digest', { enum: ['daily', 'weekly'] })
    .notNull()
    .default('daily'),
  types: jsonb('types')
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  unsubscribeVersion: integer('unsubscribe_version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** One row per digest mailed: at most one per person and period (`period` is e.g. 'daily:2026-11-27'). */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.period] })],
);

/** Events whose notifications are still to be written: the action's transaction inserts one row (cheap, whatever
 *  the number of recipients) and a worker in any process writes the notifications after the answer and deletes it,
 *  so a crash in between loses nothing. `params` are the event's ids. */
export const notificationEvents = pgTable('notification_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  params: jsonb('params').$type<Record<string, string>>().notNull(),
  createdAt: createdAt(),
});

/** Single-use tickets that open a notification stream (EventSource cannot send the auth-token header). Only the
 *  hash is stored. */
export const notificationStreamTickets = pgTable(
  'notification_stream_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('notification_stream_tickets_expires_idx').on(t.expiresAt)],
);
