// The read cache of catalogue content and its invalidation across processes, so a publish is seen in every process
// within 1 s: a Studio write calls `announceContentChange(tx)` inside its transaction, PostgreSQL delivers the NOTIFY
// to every process that LISTENs on the shared database when the transaction commits, and each one clears its cache.
// The writing process also clears its own at once (`app.contentChanged()`), so its next read never waits for the
// notification. While a process's LISTEN connection is down it could miss a change, so it stops caching until it is
// back.
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import type { RenderedPage } from '../../shared/ssr';
import { CachedAnswers } from '../lib/cached-answers';
import { MemoCache, ReadCache } from '../lib/read-cache';

export const CONTENT_CHANNEL = 'devcourses_content';

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
    /** Server-rendered pages by path: cleared with the read cache, so a page never outlives its data. */
    pageCache: MemoCache<RenderedPage>;
    /** Public answers (catalogue reads, rendered pages) kept as the bytes sent, cleared with the read cache. */
    cachedAnswers: CachedAnswers;
    /** Call after a content write committed: clears this process's cache (the others hear the NOTIFY). */
    contentChanged(): void;
    /** Another cache made from content (a learner's progress in a course, decision 0024): cleared with the read
     *  cache, and off while content notifications may be missed. */
    clearWithContent(cache: ContentDerivedCache): void;
  }
}

export interface ContentDerivedCache {
  clear(): void;
  setEnabled(enabled: boolean): void;
}

/** Inside the writing transaction: every process clears its read cache when the transaction commits. */
export async function announceContentChange(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_notify(${CONTENT_CHANNEL}, '')`);
}

export interface ContentCacheOptions {
  /** The kept answers, when the app's server answers from them before Fastify (lib/kept-answers-first.ts). */
  answers?: CachedAnswers;
}

export default fp<ContentCacheOptions>(
  async (app, { answers = new CachedAnswers() }) => {
    const cache = new ReadCache();
    const pages = new MemoCache<RenderedPage>(1_000);
    const derived = new Set<ContentDerivedCache>([answers]);
    let listening = false;
    const clear = () => {
      cache.clear();
      pages.clear();
      for (const other of derived) other.clear();
    };
    app.decorate('readCache', cache);
    app.decorate('pageCache', pages);
    app.decorate('cachedAnswers', answers);
    app.decorate('contentChanged', clear);
    app.decorate('clearWithContent', (other: ContentDerivedCache) => {
      derived.add(other);
      other.setEnabled(listening);
    });
    const unlisten = await app.database.listen(CONTENT_CHANNEL, {
      onNotify: clear,
      onConnected: (connected) => {
        if (!connected) app.log.warn('content notifications lost: the read cache is off until they are back');
        listening = connected;
        cache.setEnabled(connected);
        pages.setEnabled(connected);
        for (const other of derived) other.setEnabled(connected);
      },
    });
    app.addHook('onClose', async () => {
      await unlisten();
    });
  },
  { name: 'content-cache', dependencies: ['database'] },
);
