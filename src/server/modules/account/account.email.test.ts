// Changing the email address, with mail through a real SMTP server: the link goes to the new address, the current
// one stays in force until it is followed and is told of the change, and an address that is another account's
// answers the same (its owner gets a mail instead).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG, myAccount } from '../../../shared/account';
import { users } from '../../db/schema';
import { defined } from '../../test/defined';
import { createUser, type TestUser } from '../../test/factories';
import { callerOf, errorOf } from '../../test/kit';
import { type SmtpInbox, startSmtpInbox } from '../../test/smtp-inbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { hashPassword } from '../auth';

const PASSWORD = 'current-pass-1';
let t: TestApp;
let inbox: SmtpInbox;
let passwordHash: string;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ config: { smtpUrl: inbox.url }, outbox: { pollMs: 0 } });
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => {
  await t.close();
  await inbox.stop();
});

const call = callerOf(() => t.app);

async function person(name: string): Promise<TestUser> {
  const user = await createUser(t.database.db, { name });
  await t.database.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  return user;
}
const me = async (user: TestUser) => myAccount.parse((await call('GET', '/api/me', user)).json());
/** Whether a password login with `email` gets a session. */
async function loginStatus(email: string): Promise<boolean> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/loginUser',
    payload: { email, password: PASSWORD },
  });
  return res.statusCode === 200 && res.json<{ success: boolean }>().success;
}

describe('POST /api/me/email', () => {
  it('mails a link to the new address and tells the old one; the old one stays in force until the link is followed', async () => {
    const ada = await person('Ada Mover');
    const res = await call('POST', '/api/me/email', ada, { email: 'Ada.New@example.test', currentPassword: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: ACCOUNT_MSG.emailChangeSent });
    await t.app.outbox.drain();

    const [confirm] = inbox.to('ada.new@example.test');
    expect(confirm.subject).toBe('Confirm your new email for DevCourses');
    const link = defined(confirm.text?.match(/http:\/\/localhost:3000\/user\/verify\/([A-Za-z0-9_-]{43})/), 'a link');
    const [notice] = inbox.to(ada.email);
    expect(notice.subject).toBe('A change of your DevCourses email was requested');
    expect(notice.text).toContain('Ada.New@example.test');
    expect(notice.text).toMatch(/http:\/\/localhost:3000\/user\/change-password\/[A-Za-z0-9_-]{43}/);

    // Until the link is followed: the old address signs in, the new one waits.
    expect(await me(ada)).toMatchObject({ email: ada.email, pendingEmail: 'Ada.New@example.test' });
    expect(await loginStatus(ada.email)).toBe(true);
    expect(await loginStatus('ada.new@example.test')).toBe(false);

    const verify = await t.app.inject({ method: 'GET', url: `/api/auth/verify/${link[1]}` });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(await me(ada)).toMatchObject({ email: 'Ada.New@example.test', pendingEmail: null });
    expect(await loginStatus('ada.new@example.test')).toBe(true);
    expect(await loginStatus(ada.email)).toBe(false);
    // The link works once.
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify/${link[1]}` })).statusCode).toBe(404);
  });

  it("answers the same for another account's address, whose owner is mailed instead (no account discovery)", async () => {
    const ada = await person('Ada Curious');
    const bob = await person('Bob Owner');
    const before = inbox.mails.length;
    const taken = await call('POST', '/api/me/email', ada, {
      email: bob.email.toUpperCase(),
      currentPassword: PASSWORD,
    });
    const free = await call('POST', '/api/me/email', ada, {
      email: 'nobody-yet@example.test',
      currentPassword: PASSWORD,
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toBe(free.body);
    await t.app.outbox.drain();
    const sent = inbox.mails.slice(before);
    const toBob = sent.filter((m) => inbox.to(bob.email).includes(m));
    expect(toBob.map((m) => m.subject)).toEqual(['Someone tried to use your email on DevCourses']);
    expect(toBob[0].text).not.toMatch(/verify/);
    expect(inbox.to(ada.email).filter((m) => sent.includes(m))).toHaveLength(2);
    // The pending address is shown either way; the taken one's request made no link, and only the newest counts.
    expect(await me(ada)).toMatchObject({ email: ada.email, pendingEmail: 'nobody-yet@example.test' });
    expect((await me(bob)).email).toBe(bob.email);
  });

  it('refuses a wrong password (403), the same address, and bad input (400 naming the field)', async () => {
    const ada = await person('Ada Careful');
    expect(
      await errorOf(call('POST', '/api/me/email', ada, { email: 'x@example.test', currentPassword: 'nope-nope' }), 403),
    ).toBe(ACCOUNT_MSG.wrongPassword);
    expect(
      await errorOf(call('POST', '/api/me/email', ada, { email: ada.email, currentPassword: PASSWORD }), 400),
    ).toBe(ACCOUNT_MSG.sameEmail);
    expect(
      await errorOf(call('POST', '/api/me/email', ada, { email: 'not-an-address', currentPassword: PASSWORD }), 400),
    ).toMatch(/email/);
    expect(await errorOf(call('POST', '/api/me/email', ada, { email: 'x@example.test' }), 400)).toMatch(
      /currentPassword/,
    );
    expect(await errorOf(call('POST', '/api/me/email', undefined, { email: 'x@example.test' }), 401)).toBeTruthy();
    expect((await me(ada)).pendingEmail).toBeNull();
  });
});
