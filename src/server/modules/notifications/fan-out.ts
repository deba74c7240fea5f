// Writing notifications where things happen. Each writer is ONE statement, `INSERT … SELECT` over the people to
// notify, run inside the action's own transaction (so the notifications exist exactly when the action does), whatever
// the number of recipients: 10,000 watchers are one statement, not 10,000 round trips. The same statement announces
// what it wrote on NOTIFICATIONS_CHANNEL (the seq range), which PostgreSQL delivers to every process's listener when
// the transaction commits; each process then sends the new notifications to its open streams.
// The actor is never among the recipients. How each recipient is mailed is decided here from their preferences
// (pending: an immediate mail; digest; none), and `blog.new-post` is made only for those who turned it on.
import { type SQL, sql } from 'drizzle-orm';
import {
  DEFAULT_PREFERENCES,
  NOTIFICATIONS,
  type NotificationType,
  OPT_IN_TYPES,
  type NotificationSubject,
  notificationUrls,
} from '../../../shared/notifications';
import { type Db, sqlState } from '../../db/client';

export const NOTIFICATIONS_CHANNEL = 'devcourses_notifications';

/** What a NOTIFY on NOTIFICATIONS_CHANNEL carries: the seq range the statement wrote. */
export interface WrittenRange {
  from: number;
  to: number;
}

export function parseWrittenRange(payload: string): WrittenRange | null {
  try {
    const value = JSON.parse(payload) as { from?: unknown; to?: unknown };
    const from = Number(value.from);
    const to = Number(value.to);
    return Number.isSafeInteger(from) && Number.isSafeInteger(to) && from <= to ? { from, to } : null;
  } catch {
    return null;
  }
}

/** The keys a notification holds of its subject; deleting one of them deletes the notification. */
export interface SubjectKeys {
  bugId?: SQL;
  solutionId?: SQL;
  commentId?: SQL;
  lessonId?: SQL;
  blogId?: SQL;
  certificateId?: SQL;
}

export interface FanOut {
  type: NotificationType;
  /** Who acted: never notified; null when the site acted (a certificate). */
  actorId: string | null;
  /** A query answering one column of user ids (duplicates and the actor are dropped). */
  recipients: SQL;
  subject: { type: NotificationSubject['type']; id: SQL; title: SQL; url: SQL };
  keys: SubjectKeys;
  /** Votes: one unread notification per (recipient, key); another vote counts up instead of adding a row. */
  groupKey?: string;
}

const key = (value: SQL | undefined) => value ?? sql`null`;

/** Writes the notifications of one event and announces them. Answers how many were written (or counted up). */
export async function fanOut(tx: Db, event: FanOut): Promise<number> {
  const mode = sql`coalesce(p.types ->> ${event.type}, ${DEFAULT_PREFERENCES.types[event.type]})`;
  const optIn = OPT_IN_TYPES.includes(event.type) ? sql`and ${mode} in ('immediate', 'digest')` : sql``;
  const actor = event.actorId === null ? sql`null::uuid` : sql`${event.actorId}::uuid`;
  const { subject, keys } = event;
  const grouping = event.groupKey
    ? sql`on conflict (recipient_id, group_key) where read_at is null and group_key is not null
          do update set count = notifications.count + 1, actor_id = excluded.actor_id, created_at = now(),
            seq = nextval(pg_get_serial_sequence('notifications', 'seq')),
            mail_state = case when notifications.mail_state in ('queued', 'digested', 'skipped')
              then excluded.mail_state else notifications.mail_state end`
    : sql``;
  const result = (await tx.execute(sql`
    with recipients as (
      select distinct r.user_id from (${event.recipients}) as r(user_id)
      where r.user_id is not null and r.user_id is distinct from ${actor}
    ),
    written as (
      insert into notifications (recipient_id, type, actor_id, subject_type, subject_id, subject_title, subject_url,
        bug_id, solution_id, comment_id, lesson_id, blog_id, certificate_id, group_key, mail_state)
      select r.user_id, ${event.type}, ${actor}, ${subject.type}, (${subject.id})::text,
        left((${subject.title})::text, ${NOTIFICATIONS.titleMax}), (${subject.url})::text,
        ${key(keys.bugId)}, ${key(keys.solutionId)}, ${key(keys.commentId)}, ${key(keys.lessonId)},
        ${key(keys.blogId)}, ${key(keys.certificateId)}, ${event.groupKey ?? null},
        case ${mode} when 'immediate' then 'pending' when 'digest' then 'digest' else 'none' end
      from recipients r left join notification_preferences p on p.user_id = r.user_id
      where true ${optIn}
      ${grouping}
      returning seq
    )
    select count(*)::int as written,
      (select pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('from', min(seq), 'to', max(seq))::text)
        from written having count(*) > 0) as announced
    from written`)) as { rows: { written: number }[] };
  return Number(result.rows[0]?.written ?? 0);
}

// ---- the events ----

/** A new solution: the bug's watchers (its asker, those who answered, those who pressed Watch) but not its author,
 *  who watches the bug from now on (at once). The notifications are written after the answer (queued). */
export async function solutionAdded(tx: Db, a: { bugId: string; solutionId: string; authorId: string }) {
  await watch(tx, a.authorId, a.bugId);
  await queueEvent(tx, 'solution-added', a);
}

function writeSolutionAdded(tx: Db, a: { bugId: string; solutionId: string; authorId: string }) {
  return fanOut(tx, {
    type: 'bug.answered',
    actorId: a.authorId,
    recipients: sql`select user_id from bug_watches where bug_id = ${a.bugId}::uuid`,
    subject: {
      type: 'solution',
      id: sql`${a.solutionId}`,
      title: sql`(select title from bugs where id = ${a.bugId}::uuid)`,
      url: sql`${notificationUrls.solution(a.bugId, a.solutionId)}`,
    },
    keys: { bugId: sql`${a.bugId}::uuid`, solutionId: sql`${a.solutionId}::uuid` },
  });
}

/** A new bug: its asker watches it. */
export const bugAsked = (tx: Db, a: { bugId: string; authorId: string }) => watch(tx, a.authorId, a.bugId);

export async function watch(tx: Db, userId: string, bugId: string): Promise<void> {
  await tx.execute(
    sql`insert into bug_watches (user_id, bug_id) values (${userId}::uuid, ${bugId}::uuid) on conflict do nothing`,
  );
}

/** The bug's author accepted a solution: its author is told, once per solution. */
export function solutionAccepted(tx: Db, a: { bugId: string; solutionId: string; acceptedBy: string }) {
  return fanOut(tx, {
    type: 'solution.accepted',
    actorId: a.acceptedBy,
    recipients: sql`select c.user_id from bug_comments c where c.id = ${a.solutionId}::uuid
      and not exists (select 1 from notifications n
        where n.type = 'solution.accepted' and n.solution_id = c.id and n.recipient_id = c.user_id)`,
    subject: {
      type: 'solution',
      id: sql`${a.solutionId}`,
      title: sql`(select title from bugs where id = ${a.bugId}::uuid)`,
      url: sql`${notificationUrls.solution(a.bugId, a.solutionId)}`,
    },
    keys: { bugId: sql`${a.bugId}::uuid`, solutionId: sql`${a.solutionId}::uuid` },
  });
}

/** An up-vote on a solution: its author's one unread vote notification of that solution counts up. */
export function solutionVoted(tx: Db, a: { solutionId: string; voterId: string }) {
  const bug = sql`(select bug_id from bug_comments where id = ${a.solutionId}::uuid)`;
  return fanOut(tx, {
    type: 'solution.voted',
    actorId: a.voterId,
    recipients: sql`select user_id from bug_comments where id = ${a.solutionId}::uuid`,
    subject: {
      type: 'solution',
      id: sql`${a.solutionId}`,
      title: sql`(select title from bugs where id = ${bug})`,
      url: sql`'/bugs/' || ${bug}::text || '#solution-' || ${a.solutionId}::text`,
    },
    keys: { bugId: bug, solutionId: sql`${a.solutionId}::uuid` },
    groupKey: `solution:${a.solutionId}`,
  });
}

/** A new comment on a lesson: everyone else who commented on that lesson (queued). */
export const lessonCommented = (tx: Db, a: { lessonId: string; commentId: string; authorId: string }) =>
  queueEvent(tx, 'lesson-commented', a);

function writeLessonCommented(tx: Db, a: { lessonId: string; commentId: string; authorId: string }) {
  const course = sql`(select course_id from lessons where id = ${a.lessonId}::uuid)`;
  return fanOut(tx, {
    type: 'lesson.commented',
    actorId: a.authorId,
    recipients: sql`select user_id from lesson_comments where lesson_id = ${a.lessonId}::uuid`,
    subject: {
      type: 'comment',
      id: sql`${a.commentId}`,
      title: sql`(select title from lessons where id = ${a.lessonId}::uuid)`,
      url: sql`'/course/' || ${course}::text || '/' || ${a.lessonId}::text || '#comment-' || ${a.commentId}::text`,
    },
    keys: { lessonId: sql`${a.lessonId}::uuid`, commentId: sql`${a.commentId}::uuid` },
  });
}

/** A lesson became visible in a published course: the learners who started the course (have progress in it);
 *  queued. Nobody hears of a lesson readers do not see by the time the event is written (taken off again, or its
 *  course unpublished). */
export const lessonPublished = (tx: Db, a: { lessonId: string; courseId: string; authorId: string }) =>
  queueEvent(tx, 'lesson-published', a);

function writeLessonPublished(tx: Db, a: { lessonId: string; courseId: string; authorId: string }) {
  return fanOut(tx, {
    type: 'course.new-lesson',
    actorId: a.authorId,
    recipients: sql`select distinct p.user_id from lesson_progress p join lessons l on l.id = p.lesson_id
      where l.course_id = ${a.courseId}::uuid
        and exists (select 1 from lessons x join courses c on c.id = x.course_id
          where x.id = ${a.lessonId}::uuid and x.status = 'published' and c.status = 'published')`,
    subject: {
      type: 'lesson',
      id: sql`${a.lessonId}`,
      title: sql`(select title from lessons where id = ${a.lessonId}::uuid)`,
      url: sql`${notificationUrls.lesson(a.courseId, a.lessonId)}`,
    },
    keys: { lessonId: sql`${a.lessonId}::uuid` },
  });
}

/** A blog post published: only those who turned `blog.new-post` on, once per post (queued). */
export const blogPublished = (tx: Db, a: { blogId: string; authorId: string }) => queueEvent(tx, 'blog-published', a);

function writeBlogPublished(tx: Db, a: { blogId: string; authorId: string }) {
  return fanOut(tx, {
    type: 'blog.new-post',
    actorId: a.authorId,
    // A republished post is not news again: whoever was told of it is not told twice.
    recipients: sql`select p.user_id from notification_preferences p
      where p.types ->> 'blog.new-post' in ('immediate', 'digest')
        and not exists (select 1 from notifications n
          where n.type = 'blog.new-post' and n.blog_id = ${a.blogId}::uuid and n.recipient_id = p.user_id)`,
    subject: {
      type: 'blog',
      id: sql`${a.blogId}`,
      title: sql`(select title from blogs where id = ${a.blogId}::uuid)`,
      url: sql`${notificationUrls.blog(a.blogId)}`,
    },
    keys: { blogId: sql`${a.blogId}::uuid` },
  });
}

/** A certificate was issued: its learner. */
export function certificateIssued(tx: Db, a: { code: string }) {
  return fanOut(tx, {
    type: 'certificate.issued',
    actorId: null,
    recipients: sql`select user_id from certificates where code = ${a.code}`,
    subject: {
      type: 'certificate',
      id: sql`${a.code}`,
      title: sql`(select course_title from certificates where code = ${a.code})`,
      url: sql`${notificationUrls.certificate(a.code)}`,
    },
    keys: { certificateId: sql`(select id from certificates where code = ${a.code})` },
  });
}

// ---- events written after the answer ----

/** A NOTIFY here says a notification event was queued (on commit): some process should write it. */
export const EVENTS_CHANNEL = 'devcourses_notification_events';

/* eslint-disable @typescript-eslint/no-explicit-any -- each writer takes the ids its kind was queued with */
const WRITERS: Record<string, (tx: Db, params: any) => Promise<number>> = {
  'solution-added': writeSolutionAdded,
  'lesson-commented': writeLessonCommented,
  'lesson-published': writeLessonPublished,
  'blog-published': writeBlogPublished,
};
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Inside the action's transaction: one small row, whatever the number of recipients; the notifications are written
 *  by `writeQueuedEvents` in whichever process claims it first (it is announced to all on commit). */
async function queueEvent(tx: Db, kind: keyof typeof WRITERS, params: Record<string, string>): Promise<void> {
  await tx.execute(sql`
    with queued as (insert into notification_events (kind, params) values (${kind}, ${JSON.stringify(params)}::jsonb))
    select pg_notify(${EVENTS_CHANNEL}, '')`);
}

/** Writes the notifications of queued events, one event per transaction (its notifications and its row's deletion
 *  commit together), until none is left. Safe in several processes at once (SKIP LOCKED). Answers how many. */
export async function writeQueuedEvents(db: Db): Promise<number> {
  let done = 0;
  for (;;) {
    const wrote = await db.transaction(async (tx) => {
      const result = (await tx.execute(sql`
        select id, kind, params from notification_events order by id limit 1 for update skip locked`)) as {
        rows: { id: number; kind: string; params: Record<string, string> }[];
      };
      const [event] = result.rows;
      if (!event) return false;
      const write = WRITERS[event.kind];
      try {
        if (write) await tx.transaction((inner) => write(inner, event.params));
      } catch (err) {
        // Its subject was deleted before it was written (a key or a title gone): nothing to tell.
        const state = sqlState(err);
        if (state !== '23503' && state !== '23502') throw err;
      }
      await tx.execute(sql`delete from notification_events where id = ${event.id}`);
      return true;
    });
    if (!wrote) return done;
    done += 1;
  }
}
