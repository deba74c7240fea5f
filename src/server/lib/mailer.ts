// Sends one email. With SMTP_URL it goes through that server; without it the raw message is written as an .eml
// file under DATA_DIR/mail/ and its links are printed in the log, so the embedded default works with no mail
// server. Only the outbox worker calls this: code that wants a mail written enqueues it (see outbox.ts).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, sent as given on one line each (a notification mail's List-Unsubscribe). Transactional mail
   *  has none. */
  headers?: Record<string, string> | null;
}

/** Nodemailer's form of extra headers: prepared, so a long List-Unsubscribe stays on one line unfolded. */
const prepared = (headers: Mail['headers']) =>
  headers ? Object.fromEntries(Object.entries(headers).map(([k, value]) => [k, { prepared: true, value }])) : undefined;

export interface Mailer {
  /** Resolves once the message is accepted (by the SMTP server, or written to disk); rejects otherwise. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  dataDir: string;
  mailFrom: string;
  log?: Pick<FastifyBaseLogger, 'info'>;
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.mailFrom) : fileMailer(options);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  // Short timeouts: a hung server must fail the attempt (the outbox retries later), not stall the worker.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail, headers: prepared(mail.headers) });
    },
    close: () => transport.close(),
  };
}

function fileMailer({ dataDir, mailFrom, log }: MailerOptions): Mailer {
  const dir = path.join(dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: mailFrom, ...mail, headers: prepared(mail.headers) });
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      // Written beside, then renamed: a reader of the folder never sees half a message.
      const tmp = path.join(dir, `.${name}.tmp`);
      await fs.writeFile(tmp, info.message as Buffer);
      await fs.rename(tmp, path.join(dir, name));
      log?.info(
        { to: mail.to, subject: mail.subject, file: path.join(dir, name), links: linksIn(mail.text) },
        'mail written (no SMTP_URL set)',
      );
    },
    close: () => transport.close(),
  };
}

const linksIn = (text: string): string[] => text.match(/https?:\/\/\S+/g) ?? [];

/** Records mail in memory; for tests that read what would have been sent. */
export function memoryMailer(): Mailer & { sent: Mail[]; failWith: Error | null } {
  const mailer = {
    sent: [] as Mail[],
    failWith: null as Error | null,
    async send(mail: Mail) {
      if (mailer.failWith) throw mailer.failWith;
      mailer.sent.push(mail);
    },
    close() {},
  };
  return mailer;
}
