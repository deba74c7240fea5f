// The rules of learning progress as the SQL the statements are built from, each beside its name, built from the
// numbers and computations in shared/progress-rules.ts (which the browser applies to a visitor's local progress).
// The fragments name the tables as the statements alias them: `lesson_progress` and `excluded` in the upsert,
// `l` (a lesson) and `lp` (the learner's row for it, or nulls) in the reads.
import { type SQL, sql } from 'drizzle-orm';
import { PROGRESS } from '../../../shared/progress';

const number = (value: number) => sql.raw(String(value));

// ---- writes ----

/** Seconds covered by a multirange expression. */
export const coveredSecondsOf = (ranges: SQL) =>
  sql`(select coalesce(sum(upper(r) - lower(r)), 0) from unnest(${ranges}) r)::float8`;

/** The ranges a row keeps, in SQL (`boundRanges` in the shared rules, which bounds each report the same way): the
 *  multirange with every gap filled that is narrower than `rangesJoinGap`, or among the narrowest (the leftmost
 *  first among equals) while more than `storedRangesMax` ranges would remain. So a row never holds more than
 *  `storedRangesMax` ranges, whatever its learner sends, and always covers what they sent. */
export const keptRanges = (ranges: SQL) =>
  sql`(${ranges} + coalesce((
        select range_agg(g) from (
          select g, row_number() over (order by upper(g) - lower(g), lower(g)) as k
          from unnest(range_merge(${ranges})::nummultirange - ${ranges}) g
        ) gaps
        where upper(g) - lower(g) < ${number(PROGRESS.rangesJoinGap)}
           or k <= (select count(*) from unnest(${ranges})) - ${number(PROGRESS.storedRangesMax)}
      ), '{}'::nummultirange))`;

/** Whether `watched` seconds complete a lesson, given its `threshold` (`completionThreshold` in the shared rules). */
export const watchedEnough = (watched: SQL, threshold: SQL) => sql`${watched} >= ${threshold}`;

/** Completion by watching is sticky: once completed, a row stays so (its ranges only grow). */
export const stillCompleted = (watched: SQL, threshold: SQL) =>
  sql`lesson_progress.completed or ${watchedEnough(watched, threshold)}`;

/** A write's position and duration: a report's replace the row's; a merge's only when newer than the row (the
 *  duration goes with its position: the newer one is what the learner's player reported last). */
export const newerOf = (column: 'position' | 'duration', kind: 'report' | 'merge') =>
  kind === 'merge'
    ? sql`case when excluded.updated_at > lesson_progress.updated_at then excluded.${sql.raw(column)} else lesson_progress.${sql.raw(column)} end`
    : sql`excluded.${sql.raw(column)}`;

/** The learner's own mark: a report never changes it; a merge brings one only where the row has none. */
export const manualMark = (kind: 'report' | 'merge') =>
  kind === 'merge' ? sql`coalesce(lesson_progress.manual, excluded.manual)` : sql`lesson_progress.manual`;

// ---- reads ----

/** The duration a learner is measured against for a lesson: the lesson's own when known, else what the learner's
 *  own player reported (docs/decisions/0025). */
export const measuredDuration = sql`coalesce(l.duration, lp.duration)`;

/** A lesson's weight in its course's percent: its measured duration; a lesson of unknown duration the learner has
 *  not played weighs the course's average, or `unknownWeight` when none is known. */
const lessonWeight = sql`coalesce(${measuredDuration}, avg(l.duration) over (partition by l.course_id), ${number(PROGRESS.unknownWeight)})`;

/** A lesson is done when the learner marked it so, else when watching completed it. */
export const lessonDone = sql`coalesce(lp.manual, lp.completed, false)`;

/** The share of a lesson watched, 0 to 1 (0 while its duration is unknown). */
const watchedFraction = sql`case when ${measuredDuration} > 0 then least(1, coalesce(lp.watched, 0) / ${measuredDuration}) else 0 end`;

/** Per lesson (`l`, with the learner's row `lp`): `weight`, `done` and `fraction`, the columns `coursePercent` and
 *  the resume point read. */
export const lessonRules = sql`${lessonWeight} as weight, ${lessonDone} as done, ${watchedFraction} as fraction`;

/** What a lesson counts for in its course's percent: whole when done, else the share watched. */
const lessonCredit = sql`case when done then 1 else fraction end`;

/** Over a course's lessons (with `lessonRules`' columns): the percent, each lesson's credit weighed by its weight. */
export const coursePercent = sql`(100 * sum(weight * ${lessonCredit}) / nullif(sum(weight), 0))::float8`;

/** The lessons (`cl`) in the order of where to resume, given the one touched last (`lt`): that one unless it is
 *  done, else the next one not done after it, else the first one not done (the caller keeps only those not done). */
export const resumeOrder = sql`(cl.id = lt.id) desc, (cl.ord > lt.ord) desc, cl.ord, cl.id`;

// ---- practice ----

/** A practice item (`pi`) counts in a course's practice when learners see it: every quiz, and an exercise whose
 *  save-time check passed (its lesson's course being published is the statement's own condition). */
export const practiceItemCounts = sql`pi.valid`;

/** Per lesson (`l`), over its counted items (`pi`) and the learner's rows for them (`pp`): `lesson_id`, `passed`
 *  and `total`. Passing stays passed: `passed_at` is set once and never cleared. */
export const lessonPractice = sql`l.id as lesson_id, count(pp.passed_at)::int as passed, count(*)::int as total`;

/** A course is complete when every lesson is done and every practice item counted is passed; a course without
 *  practice is complete when its lessons are, and one without lessons never. From the counts of lessons done and
 *  not done, and of counted items passed and in all. The progress answer's `courseComplete` and the certificate's
 *  issue both apply it. */
export const courseComplete = (counts: { done: SQL; notDone: SQL; passed: SQL; total: SQL }) =>
  sql`(${counts.done} > 0 and ${counts.notDone} = 0 and ${counts.passed} = ${counts.total})`;
