// Operations: liveness, readiness (database answers, migrations applied, not shutting down), the OpenAPI document
// of every call, and a graceful close (in-flight requests and deferred account work finish, new connections do not).
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryMailer } from '../../lib/mailer';
import { users } from '../../db/schema';
import { anErrorBody } from '../../test/matchers';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ outbox: { mailer: memoryMailer(), pollMs: 0 } });
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers 200 {status: ok}, never cached, with the security headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('GET /api/ready', () => {
  it('answers 200 when the database answers and every migration is applied', async () => {
    const res = await t.app.inject({ url: '/api/ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: t.database.kind,
      migrations: expect.any(Number) as number,
    });
    expect(res.json<{ migrations: number }>().migrations).toBeGreaterThanOrEqual(3);
  });

  it('answers 503 {error} while a migration of this build is not applied', async () => {
    const db = t.database.db;
    const [last] = (
      (await db.execute<{ id: number; hash: string; created_at: string }>(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as {
        rows: { id: number; hash: string; created_at: string }[];
      }
    ).rows;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const res = await t.app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(anErrorBody(/1 database migration\(s\) not applied/));
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('answers 503 {error} when the database does not answer', async () => {
    const down = vi.spyOn(t.database.db, 'execute').mockRejectedValue(new Error('connection refused'));
    try {
      const res = await t.app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'Not ready: the database does not answer' });
      // Liveness does not depend on the database.
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      down.mockRestore();
    }
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe('GET /api/docs', () => {
  // Every specified call and every addition, in OpenAPI's path syntax.
  const calls = [
    'get /api/course/getCourse',
    'get /api/lession/getLessionList/{courseId}',
    'get /api/lession/getLession/{courseId}/{lessonId}',
    'post /api/lession/addcomment',
    'post /api/lession/getcomment',
    'delete /api/lession/deletecomment/{id}',
    'get /api/tutorial/getTutorial',
    'get /api/tutorial/getTutorialDetail/{id}',
    'get /api/blog/getBlog',
    'get /api/blog/getBlogDetail/{id}',
    'get /api/search/{text}',
    'post /api/auth/loginUser',
    'post /api/auth/createUser',
    'get /api/auth/verify/{token}',
    'post /api/auth/forgot',
    'post /api/auth/Changepassword',
    'post /api/bug/addbug',
    'get /api/bug/getbug',
    'get /api/bug/getBugDetail/{id}',
    'delete /api/bug/deletebug/{id}',
    'post /api/bug/addcomment',
    'post /api/bug/getcomment',
    'delete /api/bug/deletecomment/{id}',
    'get /api/bug/list',
    'get /api/bug/tags',
    'patch /api/bug/{id}',
    'put /api/bug/{id}/accepted',
    'get /api/bug/{id}/solutions',
    'patch /api/bug/comment/{id}',
    'put /api/bug/comment/{id}/vote',
    'get /api/lession/{lessonId}/bugs',
    'post /api/auth/logout',
    'get /api/auth/me',
    'post /api/auth/signInWithLink',
    'get /api/health',
    'get /api/ready',
    'get /api/studio/courses',
    'patch /api/studio/courses/{id}',
    'post /api/studio/media',
    'get /api/studio/audit',
    'get /api/notifications',
    'get /api/notifications/unread',
    'post /api/notifications/{id}/read',
    'post /api/notifications/read-all',
    'post /api/notifications/stream-ticket',
    'get /api/notifications/preferences',
    'put /api/notifications/preferences',
    'get /api/bug/{id}/watch',
    'put /api/bug/{id}/watch',
    'delete /api/bug/{id}/watch',
  ];

  it('is an OpenAPI 3 document listing every call, generated from the zod schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    const listed = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m} ${path}`),
    );
    for (const call of calls) expect(listed, call).toContain(call);
    // No page or static file is listed as a call.
    expect(listed.filter((call) => !call.split(' ')[1].startsWith('/api/'))).toEqual([]);
    expect(listed).not.toContain('get /api/docs');

    const login = doc.paths['/api/auth/loginUser'].post;
    expect(JSON.stringify(login.requestBody)).toContain('"password"');
    expect(JSON.stringify(login.responses?.['200'])).toContain('"authToken"');
    const courses = doc.paths['/api/course/getCourse'].get;
    expect(JSON.stringify(courses.responses?.['200'])).toContain('"cover"');
  });
});

describe('closing', () => {
  it('answers 503 {error} with the security headers to a request that arrives while closing', async () => {
    t.app.shuttingDown = true;
    try {
      const res = await t.app.inject({ url: '/api/course/getCourse' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(anErrorBody(/shutting down/));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      t.app.shuttingDown = false;
    }
  });

  it('finishes the request in flight and the deferred sign-up work, and takes no new connection', async () => {
    const c = await createTestApp({ outbox: { mailer: memoryMailer(), pollMs: 0 } });
    try {
      await c.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (c.app.server.address() as net.AddressInfo).port;

      // A sign-up answered just before the close: the account it stored stays stored.
      const email = `closing-${Date.now()}@example.test`;
      const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/createUser`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Closing Time', email, password: 'secret-pass' }),
      });
      expect(signUp.status).toBe(200);

      // A login whose body is still arriving when the close begins.
      const body = JSON.stringify({ email: 'nobody@example.test', password: 'wrong-pass' });
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      const started = new Promise<void>((resolve) => c.app.server.once('request', () => resolve()));
      socket.write(
        `POST /api/auth/loginUser HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
      await started;

      const closed = c.app.close();
      // New connections are refused once the listener is closed.
      await expect
        .poll(
          () =>
            new Promise<string>((resolve) => {
              const probe = net.connect(port, '127.0.0.1');
              probe.on('connect', () => {
                probe.destroy();
                resolve('accepted');
              });
              probe.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
            }),
          { timeout: 10_000 },
        )
        .toBe('ECONNREFUSED');

      // Not end(): a client that half-closes its side aborts its own request.
      socket.write(body.slice(10));
      await expect.poll(() => answer, { timeout: 30_000 }).toContain('Invalid email or password');
      socket.end();
      await ended;
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toContain('x-content-type-options: nosniff');
      expect(answer).toContain('"error":"Invalid email or password"');
      await closed;

      const rows = await c.database.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      expect(rows).toHaveLength(1);
    } finally {
      await c.app.close();
      await c.database.close();
    }
  });
});
