// The live stream over real HTTP: text/event-stream with `id:` lines, comment lines while idle, sign-in by the
// auth-token header or a single-use ticket, a reconnect with Last-Event-ID replaying what was missed without
// duplicates, and (on PostgreSQL) an event caused through a second app process reaching an open stream within 2 s.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type NotificationItem, STREAM_EVENT } from '../../../shared/notifications';
import { WRITES_PER_MINUTE } from '../../lib/per-user-rate-limit';
import { createUser, type TestUser } from '../../test/factories';
import { call } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { twoAppProcesses } from '../../test/two-app-processes';
import { STREAM_TICKETS_PER_MINUTE } from './notifications.routes';

interface StreamEvent {
  id: string;
  event: string;
  item: NotificationItem;
}

interface OpenStream {
  status: number;
  contentType: string | null;
  events: StreamEvent[];
  comments: string[];
  /** Resolves once `n` events have arrived in all (rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<StreamEvent[]>;
  close(): void;
}

async function openStream(base: string, headers: Record<string, string>, query = ''): Promise<OpenStream> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/notifications/stream${query}`, { headers, signal: abort.signal });
  const stream: OpenStream = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    events: [],
    comments: [],
    async waitFor(n, timeoutMs = 2_000) {
      const deadline = Date.now() + timeoutMs;
      while (stream.events.length < n) {
        if (Date.now() > deadline) throw new Error(`only ${stream.events.length} of ${n} events in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return stream.events;
    },
    close: () => abort.abort(),
  };
  if (res.status !== 200 || !res.body) {
    await res.body?.cancel();
    return stream;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) stream.comments.push(line);
            else {
              const at = line.indexOf(': ');
              if (at > 0) fields[line.slice(0, at)] = line.slice(at + 2);
            }
          }
          if (fields.data)
            stream.events.push({
              id: fields.id,
              event: fields.event,
              item: JSON.parse(fields.data) as NotificationItem,
            });
        }
      }
    } catch {
      // Aborted.
    }
  })();
  return stream;
}

async function askBug(app: FastifyInstance, user: TestUser, title: string): Promise<string> {
  const res = await call(app, 'POST', '/api/bug/addbug', user, { title, description: '<p>It loops</p>' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ _id: string }>()._id;
}
async function answer(app: FastifyInstance, user: TestUser, bug: string) {
  const res = await call(app, 'POST', '/api/bug/addcomment', user, { bug, content: '<p>Try this</p>' });
  expect(res.statusCode, res.body).toBe(200);
}

describe('one app', () => {
  let t: TestApp;
  let base: string;
  let alice: TestUser;
  let bob: TestUser;
  const open: OpenStream[] = [];
  beforeAll(async () => {
    t = await createTestApp({ notifications: { mailPollMs: 0, heartbeatMs: 100 }, outbox: { pollMs: 0 } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    alice = await createUser(t.database.db, { name: 'Alice Asker' });
    bob = await createUser(t.database.db, { name: 'Bobby Solver' });
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await t.close();
  });
  const track = (s: OpenStream) => {
    open.push(s);
    return s;
  };

  it('refuses without a token or ticket; a ticket opens one stream only', async () => {
    expect((await openStream(base, {})).status).toBe(401);
    expect((await openStream(base, { 'auth-token': 'x'.repeat(43) })).status).toBe(401);
    expect((await openStream(base, {}, '?ticket=nope')).status).toBe(401);
    const { ticket } = (await call(t.app, 'POST', '/api/notifications/stream-ticket', alice)).json<{
      ticket: string;
    }>();
    const first = track(await openStream(base, {}, `?ticket=${ticket}`));
    expect(first.status).toBe(200);
    expect(first.contentType).toMatch(/^text\/event-stream/);
    expect((await openStream(base, {}, `?ticket=${ticket}`)).status).toBe(401);
    first.close();
  });

  it('gives a ticket for each of many page loads in a minute (more than a write allows), then refuses with 429', async () => {
    const reader = await createUser(t.database.db, { name: 'Fast Reader' });
    const ticketCall = () => call(t.app, 'POST', '/api/notifications/stream-ticket', reader);
    for (let i = 0; i < STREAM_TICKETS_PER_MINUTE; i++) expect((await ticketCall()).statusCode).toBe(200);
    expect(STREAM_TICKETS_PER_MINUTE).toBeGreaterThan(WRITES_PER_MINUTE);
    expect((await ticketCall()).statusCode).toBe(429);
  });

  it('sends new notifications with id lines, comment lines while idle, and replays without duplicates', async () => {
    const stream = track(await openStream(base, { 'auth-token': alice.token }));
    expect(stream.status).toBe(200);
    const bug = await askBug(t.app, alice, 'Live one');
    await answer(t.app, bob, bug);
    const [first] = await stream.waitFor(1);
    expect(first.event).toBe(STREAM_EVENT);
    expect(first.id).toMatch(/^\d+$/);
    expect(first.item).toMatchObject({ type: 'bug.answered', actor: { _id: bob.id }, subject: { title: 'Live one' } });
    await new Promise((r) => setTimeout(r, 250));
    expect(stream.comments.length).toBeGreaterThan(0);
    stream.close();

    // Missed while away: two answers; the reconnect replays exactly those, then goes on live.
    const second = await askBug(t.app, alice, 'Missed two');
    await answer(t.app, bob, second);
    const third = await askBug(t.app, alice, 'Missed three');
    await answer(t.app, bob, third);
    const again = track(await openStream(base, { 'auth-token': alice.token, 'last-event-id': first.id }));
    const replayed = await again.waitFor(2);
    expect(replayed.map((e) => e.item.subject.title)).toEqual(['Missed two', 'Missed three']);
    await answer(t.app, bob, third);
    await again.waitFor(3);
    await new Promise((r) => setTimeout(r, 200));
    const ids = again.events.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(3);
    expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((x, y) => x - y));
    expect(ids).not.toContain(first.id);
  });

  it('a user’s stream gets only their notifications', async () => {
    const bobs = track(await openStream(base, { 'auth-token': bob.token }));
    const bug = await askBug(t.app, alice, 'Not for bob');
    const carol = await createUser(t.database.db, { name: 'Carol Third' });
    await answer(t.app, carol, bug);
    await new Promise((r) => setTimeout(r, 300));
    // Bob answered earlier bugs but not this one, and watches only what he answered.
    expect(bobs.events).toHaveLength(0);
  });
});

describe.runIf(inject('testDb').kind === 'postgres')('two app processes on one PostgreSQL database', () => {
  const { apps, databases } = twoAppProcesses('devc_notify_');

  it('an event caused through B reaches a stream open on A within 2 s', async () => {
    const [a, b] = apps;
    const base = await a.listen({ port: 0, host: '127.0.0.1' });
    const alice = await createUser(databases[0].db, { name: 'Alice Asker' });
    const bob = await createUser(databases[0].db, { name: 'Bobby Solver' });
    const stream = await openStream(base, { 'auth-token': alice.token });
    try {
      expect(stream.status).toBe(200);
      const bug = await askBug(b, alice, 'Across processes');
      const started = Date.now();
      await answer(b, bob, bug);
      const [event] = await stream.waitFor(1, 2_000);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(event.item).toMatchObject({ type: 'bug.answered', subject: { title: 'Across processes' } });
    } finally {
      stream.close();
    }
  });
});
