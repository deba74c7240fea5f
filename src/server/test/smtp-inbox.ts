// A real SMTP server on 127.0.0.1 that keeps every message it accepts, parsed, for tests of mail as sent.
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port';

export interface SmtpInbox {
  /** The app's SMTP_URL for this inbox. */
  url: string;
  mails: ParsedMail[];
  /** The messages sent to `address`. */
  to(address: string): ParsedMail[];
  stop(): Promise<void>;
}

const recipients = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((t) => t.value.map((v) => v.address));

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const port = await freePort();
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        simpleParser(Buffer.concat(chunks)).then((mail) => {
          mails.push(mail);
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (address) => mails.filter((m) => recipients(m).some((r) => r?.toLowerCase() === address.toLowerCase())),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
