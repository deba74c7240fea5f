// A learner's progress reads (their progress in a course, their list of courses) kept per process as the JSON they
// answered, made through the route's response schema like the catalogue's cached reads, until that learner writes
// progress or the catalogue changes (docs/decisions/0024); once answered, with the headers it went out with, so the
// learner's next request for it is answered before Fastify sees it (docs/decisions/0062). Every progress write announces its learners inside its
// own statement (`pg_notify` on PROGRESS_CHANNEL, the mechanism of decisions 0008 and 0018): every process that
// LISTENs forgets them when the write commits, and the writing process forgets them at once, before the write
// answers, so a learner never reads their progress from before a write that answered.
import { rawHeadersOf } from '../../lib/cached-answers';
import { type JsonOf, type SchemaSerializer, serializedLoad } from '../../lib/read-cache';

export const PROGRESS_CHANNEL = 'devcourses_progress';

/** The most learners whose ids one announcement names; more announce "everyone" (a NOTIFY payload is < 8,000 bytes,
 *  and an id takes 37). */
export const ANNOUNCED_LEARNERS_MAX = 200;

/** What an announcement's payload means: these learners, or everyone (an empty payload). */
export function announcedLearners(payload: string): string[] | 'everyone' {
  return payload === '' ? 'everyone' : payload.split(',');
}

interface Entry {
  json: Promise<string | null>;
  until: number;
  /** The JSON, once loaded. */
  value?: string;
  /** How it went out, once a route answered it. */
  answer?: KeptLearnerAnswer;
}

/** A learner's read as it went out: its JSON and the headers Node's `writeHead` takes for it, listed once. */
export interface KeptLearnerAnswer {
  json: string;
  rawHeaders: string[];
  /** Its length in bytes (whether it may go uncompressed to a client that asks for compression). */
  bytes: number;
}

/** The key a learner's progress read is kept under, from its address as requested: the course ids and keys the
 *  routes use, for the two reads' own addresses only (no query, no trailing slash, no percent-encoding). */
export function progressReadKey(url: string): string | undefined {
  if (url === '/api/progress') return LEARNING_KEY;
  const course = /^\/api\/progress\/course\/([0-9A-Fa-f-]{36})$/.exec(url);
  return course ? courseKey(course[1]) : undefined;
}

/** The key of a learner's list of courses. */
export const LEARNING_KEY = 'learning';

/** The key of a learner's progress in one course (ids are compared without case, as the database does). */
export const courseKey = (courseId: string): string => `course:${courseId.toLowerCase()}`;

export class LearnerProgressCache {
  private readonly learners = new Map<string, Map<string, Entry>>();
  /** Off while either announcement (progress or content) may be missed: it then keeps nothing. */
  private readonly listening = { progress: true, content: true };

  constructor(
    /** A change written behind the app's back (not announced) shows after this long at most. */
    private readonly ttlMs = 30_000,
    private readonly maxLearners = 10_000,
  ) {}

  /** The JSON of `load`'s answer made by `serialize` (the route's `answerSerializer(reply)`) for this learner and
   *  key, loaded when not kept; a `null` answer (not found) and a failure are not kept. */
  get<T>(
    userId: string,
    key: string,
    serialize: SchemaSerializer,
    load: () => Promise<T>,
    now = Date.now(),
  ): Promise<JsonOf<T>> {
    return this.keep(userId, key, serializedLoad(serialize, load), now) as Promise<JsonOf<T>>;
  }

  private keep(userId: string, key: string, load: () => Promise<string | null>, now: number): Promise<string | null> {
    const kept = this.learners.get(userId)?.get(key);
    if (kept && kept.until > now) return kept.json;
    const json = load();
    if (!this.listening.progress || !this.listening.content) return json;
    let entries = this.learners.get(userId);
    if (!entries) {
      if (this.learners.size >= this.maxLearners) this.learners.clear();
      entries = new Map();
      this.learners.set(userId, entries);
    }
    // Kept before it resolves: a forget while it loads drops it, so an answer read before a write is never kept.
    const entry: Entry = { json, until: now + this.ttlMs };
    entries.set(key, entry);
    const drop = () => {
      if (this.learners.get(userId)?.get(key) === entry) entries.delete(key);
    };
    json.then((value) => (value === null ? drop() : (entry.value = value)), drop);
    return json;
  }

  /** Keeps how a read went out beside its JSON, while that JSON is still what is kept for the learner and key (a
   *  forget since it was loaded drops it; a newer load's JSON is another). `headers`: every header its reply carried. */
  keepAnswer(userId: string, key: string, json: string, headers: Record<string, string>): void {
    const entry = this.learners.get(userId)?.get(key);
    if (!entry || entry.value !== json || entry.answer) return;
    const bytes = Buffer.byteLength(json);
    entry.answer = { json, rawHeaders: rawHeadersOf(headers, bytes), bytes };
  }

  /** How a learner's read went out, while it is kept. */
  answerOf(userId: string, key: string, now = Date.now()): KeptLearnerAnswer | undefined {
    const entry = this.learners.get(userId)?.get(key);
    return entry && entry.until > now ? entry.answer : undefined;
  }

  /** Forgets what was kept for these learners (they wrote progress). */
  forget(userIds: Iterable<string>): void {
    for (const userId of userIds) this.learners.delete(userId);
  }

  clear(): void {
    this.learners.clear();
  }

  /** Whether the process hears `source`'s announcements; while one is down, nothing is kept. */
  setListening(source: 'progress' | 'content', listening: boolean): void {
    this.listening[source] = listening;
    this.clear();
  }

  /** Learners with something kept (tests check the bound). */
  get size(): number {
    return this.learners.size;
  }
}
