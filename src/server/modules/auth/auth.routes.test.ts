import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MSG } from '../../../shared/common-passwords';
import { TOKEN_TTL_MS } from '../../../shared/constants';
import { type AuthResult, authResult } from '../../../shared/contract';
import { mailOutbox, sessions, users, userTokens } from '../../db/schema';
import { memoryMailer } from '../../lib/mailer';
import { hashToken } from '../../lib/tokens';
import { defined } from '../../test/defined';
import { aString, anErrorBody, type ErrorBody } from '../../test/matchers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { AUTH_MSG } from './auth.routes';

const mailer = memoryMailer();
let t: TestApp;
beforeAll(async () => {
  // Limits high enough that only the rate-limit tests (their own app) meet them.
  const roomy = { perIp: { max: 10_000, windowMs: 60_000 }, perEmail: { max: 10_000, windowMs: 60_000 } };
  t = await createTestApp({
    outbox: { mailer, pollMs: 0 },
    authLimits: {
      login: { perIp: roomy.perIp, perAccount: roomy.perIp, perAccountAndIp: roomy.perIp },
      signup: roomy,
      forgot: roomy,
      changePassword: roomy,
    },
  });
});
afterAll(() => t.close());
beforeEach(() => {
  mailer.sent.length = 0;
  mailer.failWith = null;
});

let seq = 0;
const uniqueEmail = (prefix = 'user') => `${prefix}-${++seq}-${Date.now().toString(36)}@example.test`;

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const get = (url: string) => t.app.inject({ method: 'GET', url });

/** Sends the outbox and answers the links of the mail that went to `to`, newest last. */
async function linksSentTo(to: string): Promise<string[]> {
  await t.app.outbox.drain();
  return mailer.sent
    .filter((m) => m.to === to)
    .map((m) => defined(m.text.match(/https?:\/\/\S+/), `a link in the mail to ${to}`)[0]);
}
const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

/** Signs up and waits for the work the route does after answering (hashing, the user row, the mail). */
async function signUp(email = uniqueEmail(), password = 'secret-pass', name = 'Ada Lovelace') {
  const res = await post('/api/auth/createUser', { name, email, password });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.outbox.settled();
  return { email, password, name };
}

async function verifiedUser(email = uniqueEmail(), password = 'secret-pass') {
  await signUp(email, password);
  const [link] = await linksSentTo(email);
  expect((await get(`/api/auth/verify/${tokenOf(link)}`)).statusCode).toBe(200);
  return { email, password };
}

async function logIn(email: string, password: string) {
  const res = await post('/api/auth/loginUser', { email, password });
  return { res, body: res.json<AuthResult>() };
}
/** Logs in and answers the session token. */
async function sessionToken(email: string, password: string): Promise<string> {
  return defined((await logIn(email, password)).body.authToken, `a session token for ${email}`);
}

const userRow = async (email: string) =>
  (
    await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
  )[0];
const count = async (table: typeof users | typeof sessions | typeof userTokens | typeof mailOutbox) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

/** A call that needs a session: logout is the auth module's own; 200 = the token is live. */
const tokenIsLive = async (token: string) =>
  (await post('/api/auth/logout', {}, { 'auth-token': token })).statusCode === 200;

describe('POST /api/auth/createUser', () => {
  it('creates an unverified user with an argon2id hash and mails a verification link (a token, never the id)', async () => {
    const email = uniqueEmail();
    const res = await post('/api/auth/createUser', { name: 'Grace Hopper', email, password: 'hunter22' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, msg: AUTH_MSG.signedUp });

    await t.app.outbox.settled();
    const row = await userRow(email);
    expect(row.verifiedAt).toBeNull();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain('hunter22');

    const [link] = await linksSentTo(email);
    expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/user/verify/[A-Za-z0-9_-]{43}$`));
    expect(link).not.toContain(row.id);
    const mail = defined(
      mailer.sent.find((m) => m.to === email),
      `a mail to ${email}`,
    );
    expect(mail.subject).toContain('DevCourses');
    expect(mail.html).toContain(link);
    expect(mail.html).toContain('DevCourses');
    // Only the hash is stored.
    const tokens = await t.database.db
      .select()
      .from(userTokens)
      .where(sql`${userTokens.userId} = ${row.id}`);
    expect(tokens).toHaveLength(1);
    expect(tokens[0].tokenHash).toBe(hashToken(tokenOf(link)));
    expect(tokens[0].kind).toBe('verify');
    const ttl = tokens[0].expiresAt.getTime() - tokens[0].createdAt.getTime();
    expect(Math.abs(ttl - TOKEN_TTL_MS.verify)).toBeLessThan(60_000);
  });

  it('stores the account before answering: the user, its token and the verification mail exist when the 200 arrives', async () => {
    const email = uniqueEmail('stored');
    const res = await post('/api/auth/createUser', { name: 'Stored Before', email, password: 'secret-pass' });
    expect(res.statusCode).toBe(200);
    // Nothing is waited for: a server stopped right after this answer keeps the account and its mail.
    const row = defined(await userRow(email), `the user row of ${email} when the answer arrived`);
    const tokens = await t.database.db
      .select()
      .from(userTokens)
      .where(sql`${userTokens.userId} = ${row.id}`);
    expect(tokens.map((token) => token.kind)).toEqual(['verify']);
    const mails = await t.database.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(sql`${mailOutbox.to} = ${email}`);
    expect(mails).toHaveLength(1);
  });

  it('a known email gets its one mail row before the answer too (the same work as a new one)', async () => {
    const email = uniqueEmail('known');
    await signUp(email);
    await t.app.outbox.drain();
    const res = await post('/api/auth/createUser', { name: 'Someone Else', email, password: 'other-pass' });
    expect(res.statusCode).toBe(200);
    const pending = await t.database.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(sql`${mailOutbox.to} = ${email} and ${mailOutbox.sentAt} is null`);
    expect(pending.map((m) => m.subject)).toEqual([expect.stringMatching(/tried to sign up/)]);
  });

  it('a login right after the sign-up answer gets the unverified-account answer, not the generic refusal', async () => {
    const email = uniqueEmail('eager');
    const res = await post('/api/auth/createUser', { name: 'Eager Person', email, password: 'secret-pass' });
    expect(res.statusCode).toBe(200);
    const { res: login, body } = await logIn(email, 'secret-pass');
    expect(login.statusCode).toBe(200);
    expect(body).toEqual({ success: false, msg: AUTH_MSG.unverifiedLinkRecent });
  });

  it('escapes the name in the HTML mail', async () => {
    const email = uniqueEmail();
    await signUp(email, 'secret-pass', '<img src=x onerror=alert(1)>');
    await t.app.outbox.drain();
    const mail = defined(
      mailer.sent.find((m) => m.to === email),
      `a mail to ${email}`,
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img');
  });

  it('answers a known email in any letter case exactly as a new one, creates nothing and tells the owner', async () => {
    const email = uniqueEmail('Dup');
    await signUp(email, 'secret-pass', 'Owner Person');
    await t.app.outbox.drain();
    mailer.sent.length = 0;
    const before = await Promise.all([count(users), count(userTokens)]);
    const res = await post('/api/auth/createUser', {
      name: 'Someone Else',
      email: email.toUpperCase(),
      password: 'another1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, msg: AUTH_MSG.signedUp });
    await t.app.outbox.drain();
    expect(await Promise.all([count(users), count(userTokens)])).toEqual(before);
    // The owner learns of it, with the way to log in or reset; the password stays the owner's.
    expect(mailer.sent.map((m) => m.to)).toEqual([email]);
    const [mail] = mailer.sent;
    expect(mail.subject).toMatch(/tried to sign up/);
    expect(mail.text).toContain('Hi Owner Person');
    expect(mail.text).toContain(`${t.config.publicUrl}/login`);
    expect(mail.text).toContain(`${t.config.publicUrl}/user/forgot-password`);
    expect(mail.text).not.toMatch(/verify|change-password/);
    expect((await userRow(email)).name).toBe('Owner Person');
  });

  it('two sign-ups racing for one new email create one account', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      ['First Racer', 'Second Racer'].map((name) =>
        post('/api/auth/createUser', { name, email, password: 'secret-pass' }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    await t.app.outbox.drain();
    const rows = await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    expect(rows).toHaveLength(1);
    // One verification link and one 'someone tried' mail.
    expect(mailer.sent.filter((m) => m.to === email)).toHaveLength(2);
  });

  it('leaves nothing half-created when the mail cannot be queued', async () => {
    const email = uniqueEmail();
    const before = await Promise.all([count(users), count(userTokens), count(mailOutbox)]);
    // Every outbox insert now fails, after the user and token inserts in the same transaction succeeded.
    await t.database.db.execute(sql.raw('alter table mail_outbox add constraint test_no_mail check (false) not valid'));
    try {
      // The account is stored before the answer, so a failure is reported (5xx, its details hidden).
      const res = await post('/api/auth/createUser', { name: 'Half Made', email, password: 'secret-pass' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual(anErrorBody());
    } finally {
      await t.database.db.execute(sql.raw('alter table mail_outbox drop constraint test_no_mail'));
    }
    expect(await userRow(email)).toBeUndefined();
    expect(await Promise.all([count(users), count(userTokens), count(mailOutbox)])).toEqual(before);
  });

  it.each(['password', '123456', 'PassWord', 'QWERTY123', 'iloveyou'])(
    'refuses the common password %s (one of the 10,000 most common, any letter case) and creates nothing',
    async (password) => {
      const email = uniqueEmail('common');
      const res = await post('/api/auth/createUser', { name: 'Common Chooser', email, password });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: COMMON_PASSWORD_MSG });
      await t.app.outbox.settled();
      expect(await userRow(email)).toBeUndefined();
    },
  );

  it.each([
    [{ email: 'a@example.test', password: 'secret-pass' }, /name/],
    [{ name: 'Abcd', email: 'a@example.test', password: 'secret-pass' }, /name must be at least 5/],
    [{ name: 'A'.repeat(51), email: 'a@example.test', password: 'secret-pass' }, /name must be at most 50/],
    [{ name: '     x    ', email: 'a@example.test', password: 'secret-pass' }, /name must be at least 5/],
    [{ name: 'Valid Name', password: 'secret-pass' }, /email/],
    [{ name: 'Valid Name', email: 'not-an-email', password: 'secret-pass' }, /email is not a valid email/],
    [{ name: 'Valid Name', email: `${'a'.repeat(250)}@example.test`, password: 'secret-pass' }, /email is too long/],
    [{ name: 'Valid Name', email: 'a@example.test' }, /password/],
    [{ name: 'Valid Name', email: 'a@example.test', password: '12345' }, /password must be at least 6/],
    [{ name: 'Valid Name', email: 'a@example.test', password: 'p'.repeat(129) }, /password must be at most 128/],
    [{ name: 12345, email: 'a@example.test', password: 'secret-pass' }, /name/],
    [{ name: 'Valid Name', email: ['a@example.test'], password: 'secret-pass' }, /email/],
    [{ name: 'Valid Name', email: 'a@example.test', password: { $gt: '' } }, /password/],
  ])('answers 400 naming the field for %j', async (payload, message) => {
    const before = await count(users);
    const res = await post('/api/auth/createUser', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error).toMatch(message);
    expect(await count(users)).toBe(before);
  });
});

describe('GET /api/auth/verify/:token', () => {
  it('verifies the email once: the token is single use', async () => {
    const { email } = await signUp();
    const [link] = await linksSentTo(email);
    const first = await get(`/api/auth/verify/${tokenOf(link)}`);
    expect(first.statusCode).toBe(200);
    expect(authResult.parse(first.json())).toEqual({ success: true, msg: AUTH_MSG.verified });
    expect((await userRow(email)).verifiedAt).toBeInstanceOf(Date);

    const second = await get(`/api/auth/verify/${tokenOf(link)}`);
    expect(second.statusCode).toBe(404);
    expect(second.json()).toEqual({ error: AUTH_MSG.linkInvalid });
  });

  it('refuses an expired verification token and leaves the email unverified', async () => {
    const { email } = await signUp();
    const [link] = await linksSentTo(email);
    await t.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${userTokens.tokenHash} = ${hashToken(tokenOf(link))}`);
    expect((await get(`/api/auth/verify/${tokenOf(link)}`)).statusCode).toBe(404);
    expect((await userRow(email)).verifiedAt).toBeNull();
  });

  it.each(['nope', 'A'.repeat(43), "x' or '1'='1", '%00', 'a'.repeat(150)])(
    'answers 404 JSON for the token %s',
    async (token) => {
      const res = await get(`/api/auth/verify/${encodeURIComponent(token)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(anErrorBody());
    },
  );

  it('answers 400, not 500, for a token longer than any we issue', async () => {
    const res = await get(`/api/auth/verify/${'a'.repeat(300)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(anErrorBody(/token/));
  });

  it('checks a reset token without consuming it', async () => {
    const { email } = await verifiedUser();
    await post('/api/auth/forgot', { email });
    const [, reset] = await linksSentTo(email);
    expect(reset).toContain('/user/change-password/');
    for (let i = 0; i < 2; i++) {
      const res = await get(`/api/auth/verify/${tokenOf(reset)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, msg: AUTH_MSG.linkValid });
    }
  });
});

describe('POST /api/auth/loginUser', () => {
  it('logs a verified user in with a 256-bit token stored only as a hash, valid for 30 days', async () => {
    const { email, password } = await verifiedUser();
    const { res, body } = await logIn(email.toUpperCase(), password);
    expect(res.statusCode).toBe(200);
    const row = await userRow(email);
    expect(authResult.strict().parse(body)).toEqual({
      success: true,
      authToken: aString(/^[A-Za-z0-9_-]{43}$/),
      id: row.id,
      msg: AUTH_MSG.loggedIn,
    });
    const token = defined(body.authToken, 'the session token');
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(sql`${sessions.tokenHash} = ${hashToken(token)}`);
    expect(session.userId).toBe(row.id);
    const ttl = session.expiresAt.getTime() - session.createdAt.getTime();
    expect(Math.abs(ttl - TOKEN_TTL_MS.session)).toBeLessThan(60_000);
    expect(JSON.stringify(await t.database.db.select().from(sessions))).not.toContain(token);
    expect(await tokenIsLive(token)).toBe(true);
  });

  it('gives one generic error for a wrong password and for an unknown email', async () => {
    const { email } = await verifiedUser();
    const wrongPassword = await logIn(email, 'not-the-password');
    const unknownEmail = await logIn(uniqueEmail('ghost'), 'not-the-password');
    for (const { res, body } of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      // No `success` field: the web shows `error` in danger style, as specified.
      expect(body).toEqual({ error: AUTH_MSG.invalidLogin });
    }
  });

  it('refuses an unverified account with success:false and a msg, and resends the link at most once a minute', async () => {
    const { email, password } = await signUp();
    expect(await linksSentTo(email)).toHaveLength(1);

    // The sign-up mail went out just now: no second one yet, and the answer says so (not that one was sent).
    const first = await logIn(email, password);
    expect(first.res.statusCode).toBe(200);
    expect(first.body).toEqual({ success: false, msg: AUTH_MSG.unverifiedLinkRecent });
    expect(first.body.msg).toMatch(/sent less than a minute ago; check your inbox/);
    expect(await linksSentTo(email)).toHaveLength(1);

    // A minute later, a fresh link goes out, once, and the answer says it was sent.
    await t.database.db
      .update(users)
      .set({ verificationSentAt: new Date(Date.now() - 61_000) })
      .where(sql`lower(${users.email}) = lower(${email})`);
    expect((await logIn(email, password)).body).toEqual({ success: false, msg: AUTH_MSG.unverified });
    expect((await logIn(email, password)).body).toEqual({ success: false, msg: AUTH_MSG.unverifiedLinkRecent });
    const links = await linksSentTo(email);
    expect(links).toHaveLength(2);
    expect(links[1]).not.toBe(links[0]);

    // The fresh link verifies, and then the login works.
    expect((await get(`/api/auth/verify/${tokenOf(links[1])}`)).statusCode).toBe(200);
    expect((await logIn(email, password)).body.success).toBe(true);
  });

  it('does not resend or reveal verification state for a wrong password', async () => {
    const { email } = await signUp();
    await linksSentTo(email);
    await t.database.db
      .update(users)
      .set({ verificationSentAt: new Date(Date.now() - 61_000) })
      .where(sql`lower(${users.email}) = lower(${email})`);
    const { res, body } = await logIn(email, 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(body).toEqual({ error: AUTH_MSG.invalidLogin });
    expect(await linksSentTo(email)).toHaveLength(1);
  });

  it('refuses an expired session token', async () => {
    const { email, password } = await verifiedUser();
    const token = await sessionToken(email, password);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${sessions.tokenHash} = ${hashToken(token)}`);
    expect(await tokenIsLive(token)).toBe(false);
  });

  it.each([
    [{ password: 'secret-pass' }, /email/],
    [{ email: 'x@example.test' }, /password/],
    [{ email: 'x@example.test', password: '' }, /password/],
    [{ email: 'x', password: 'secret-pass' }, /email/],
    [{ email: 42, password: 'secret-pass' }, /email/],
    [{ email: 'x@example.test', password: 'p'.repeat(129) }, /password/],
  ])('answers 400 naming the field for %j', async (payload, message) => {
    const res = await post('/api/auth/loginUser', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error).toMatch(message);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the token that was sent, and only that one', async () => {
    const { email, password } = await verifiedUser();
    const a = await sessionToken(email, password);
    const b = await sessionToken(email, password);
    const res = await post('/api/auth/logout', undefined, { 'auth-token': a });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, msg: AUTH_MSG.loggedOut });
    expect(await tokenIsLive(a)).toBe(false);
    expect(await tokenIsLive(b)).toBe(true);
  });

  it('answers 401 JSON without a token or with an unknown one', async () => {
    for (const headers of [{}, { 'auth-token': 'x'.repeat(43) }, { 'auth-token': 'short' }] as Record<
      string,
      string
    >[]) {
      const res = await post('/api/auth/logout', {}, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(anErrorBody());
    }
  });
});

describe('POST /api/auth/forgot', () => {
  it('answers the same 200 msg whether or not the email has an account, and mails only an account', async () => {
    const { email } = await verifiedUser();
    const known = await post('/api/auth/forgot', { email: email.toUpperCase() });
    const unknown = await post('/api/auth/forgot', { email: uniqueEmail('nobody') });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true, msg: AUTH_MSG.resetSent });
    expect(unknown.json()).toEqual(known.json());
    await t.app.outbox.drain();
    expect(mailer.sent.map((m) => m.to)).toEqual([email, email]);
    expect(mailer.sent[1].subject).toMatch(/reset/i);
  });

  it.each([[{}], [{ email: '' }], [{ email: 'nope' }], [{ email: null }]])('answers 400 for %j', async (payload) => {
    const res = await post('/api/auth/forgot', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error).toMatch(/email/);
  });
});

describe('POST /api/auth/Changepassword', () => {
  async function resetLinkFor(email: string) {
    await post('/api/auth/forgot', { email });
    const links = (await linksSentTo(email)).filter((l) => l.includes('/user/change-password/'));
    return tokenOf(links[links.length - 1]);
  }

  it('sets the new password, consumes the token and revokes every session of the user', async () => {
    const { email, password } = await verifiedUser();
    const sessionA = await sessionToken(email, password);
    const sessionB = await sessionToken(email, password);
    const token = await resetLinkFor(email);

    const res = await post('/api/auth/Changepassword', { id: token, password: 'brand-new-pass' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, msg: AUTH_MSG.passwordChanged });

    expect(await tokenIsLive(sessionA)).toBe(false);
    expect(await tokenIsLive(sessionB)).toBe(false);
    expect((await logIn(email, password)).res.statusCode).toBe(401);
    expect((await logIn(email, 'brand-new-pass')).body.success).toBe(true);

    // Single use: neither the change nor the check works a second time.
    const again = await post('/api/auth/Changepassword', { id: token, password: 'third-pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: AUTH_MSG.linkInvalid });
    expect((await get(`/api/auth/verify/${token}`)).statusCode).toBe(404);
  });

  it('consumes the other reset links of the user too', async () => {
    const { email } = await verifiedUser();
    const older = await resetLinkFor(email);
    const newer = await resetLinkFor(email);
    expect((await post('/api/auth/Changepassword', { id: newer, password: 'brand-new-pass' })).statusCode).toBe(200);
    expect((await post('/api/auth/Changepassword', { id: older, password: 'other-pass' })).statusCode).toBe(400);
  });

  it('refuses an expired reset token (1 h) and keeps the old password', async () => {
    const { email, password } = await verifiedUser();
    const token = await resetLinkFor(email);
    const [row] = await t.database.db
      .select()
      .from(userTokens)
      .where(sql`${userTokens.tokenHash} = ${hashToken(token)}`);
    expect(Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - TOKEN_TTL_MS.reset)).toBeLessThan(60_000);
    await t.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${userTokens.id} = ${row.id}`);

    expect((await get(`/api/auth/verify/${token}`)).statusCode).toBe(404);
    expect((await post('/api/auth/Changepassword', { id: token, password: 'brand-new-pass' })).statusCode).toBe(400);
    expect((await logIn(email, password)).body.success).toBe(true);
  });

  it('does not accept a verification token as a reset token', async () => {
    const { email } = await signUp();
    const [verify] = await linksSentTo(email);
    const res = await post('/api/auth/Changepassword', { id: tokenOf(verify), password: 'brand-new-pass' });
    expect(res.statusCode).toBe(400);
    expect((await userRow(email)).verifiedAt).toBeNull();
  });

  it('marks an unverified email verified: the reset link proved the address', async () => {
    const { email } = await signUp();
    const token = await resetLinkFor(email);
    expect((await post('/api/auth/Changepassword', { id: token, password: 'brand-new-pass' })).statusCode).toBe(200);
    expect((await logIn(email, 'brand-new-pass')).body.success).toBe(true);
  });

  it('refuses a common password, keeps the link usable and the old password working', async () => {
    const { email, password } = await verifiedUser();
    const token = await resetLinkFor(email);
    for (const common of ['password', '123456', 'Dragon1', 'LETMEIN']) {
      const res = await post('/api/auth/Changepassword', { id: token, password: common });
      expect(res.statusCode, common).toBe(400);
      expect(res.json()).toEqual({ error: COMMON_PASSWORD_MSG });
    }
    expect((await logIn(email, password)).body.success).toBe(true);
    expect((await post('/api/auth/Changepassword', { id: token, password: 'brand-new-pass' })).statusCode).toBe(200);
  });

  it.each([
    [{ password: 'brand-new-pass' }, 400, /id/],
    [{ id: 'A'.repeat(43) }, 400, /password/],
    [{ id: 'A'.repeat(43), password: '123' }, 400, /password must be at least 6/],
    [{ id: 'A'.repeat(43), password: 'brand-new-pass' }, 400, /invalid or has expired/],
    [{ id: 7, password: 'brand-new-pass' }, 400, /id/],
  ])('answers 4xx JSON for %j', async (payload, status, message) => {
    const res = await post('/api/auth/Changepassword', payload);
    expect(res.statusCode).toBe(status);
    expect(res.json<ErrorBody>().error).toMatch(message);
  });
});

describe('bad requests to every auth call', () => {
  const calls = ['/api/auth/createUser', '/api/auth/loginUser', '/api/auth/forgot', '/api/auth/Changepassword'];

  it.each(calls)(
    '%s: malformed JSON is 400, a body over 256 KB is 413, a non-JSON body is 4xx, never 500',
    async (url) => {
      const malformed = await t.app.inject({
        method: 'POST',
        url,
        payload: '{"email": "a@',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual(anErrorBody());

      const huge = await t.app.inject({
        method: 'POST',
        url,
        payload: JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(300 * 1024) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual(anErrorBody());

      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await t.app.inject({ method: 'POST', url, payload: 'email=a', headers: { 'content-type': type } });
        expect([400, 415], type).toContain(res.statusCode);
        expect(res.json()).toEqual(anErrorBody());
      }

      for (const payload of ['null', '[]', '"x"', '42']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, payload).toBe(400);
        expect(res.json()).toEqual(anErrorBody());
      }
    },
  );
});
