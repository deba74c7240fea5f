// The mails of account self-service, in plain text and HTML, signed with the site's name. Names and addresses are
// user input: the shared layout escapes them.
import type { Mail } from '../../lib/mailer';
import { mailLayout as layout } from '../auth';

function mail(
  to: string,
  subject: string,
  heading: string,
  name: string,
  lines: string[],
  link: string,
  action: string,
  brand: string,
): Mail {
  return {
    to,
    subject,
    text: `Hi ${name},\n\n${lines.join('\n')}\n\n${link}\n\n${brand}\n`,
    html: layout(brand, heading, name, lines, link, action),
  };
}

/** To the owner: their password was changed from the settings, and every other session signed out. */
export const passwordChangedEmail = (to: string, name: string, resetLink: string, brand: string): Mail =>
  mail(
    to,
    `Your ${brand} password was changed`,
    'Your password was changed',
    name,
    [
      `The password of your ${brand} account was just changed, and every other session was signed out.`,
      'If it was not you, reset your password now with the link below: it works once and expires in 1 hour.',
    ],
    resetLink,
    'Reset my password',
    brand,
  );

/** To the new address: the link that confirms the change. */
export const confirmEmailChangeEmail = (to: string, name: string, link: string, brand: string): Mail =>
  mail(
    to,
    `Confirm your new email for ${brand}`,
    'Confirm your new email address',
    name,
    [
      `You asked to use this address for your ${brand} account. Open the link to confirm it.`,
      'Until you do, your current address stays in force. The link works once and expires in 24 hours.',
      'If it was not you, ignore this email: nothing changes.',
    ],
    link,
    'Confirm this address',
    brand,
  );

/** To the address in force: a change to `newEmail` was asked, with a link to secure the account. */
export const emailChangeRequestedEmail = (
  to: string,
  name: string,
  newEmail: string,
  resetLink: string,
  brand: string,
): Mail =>
  mail(
    to,
    `A change of your ${brand} email was requested`,
    'A change of your email was requested',
    name,
    [
      `Someone signed in to your ${brand} account asked to change its email address to ${newEmail}.`,
      'This address stays in force until the new one is confirmed.',
      'If it was not you, secure your account now: choose a new password with the link below (it works once and ' +
        'expires in 1 hour), which also signs out every session.',
    ],
    resetLink,
    'Secure my account',
    brand,
  );

/** To the owner of an address someone tried to move another account to (the answer does not tell it is taken). */
export const emailTakenEmail = (to: string, name: string, loginLink: string, brand: string): Mail =>
  mail(
    to,
    `Someone tried to use your email on ${brand}`,
    'Your address is already in use',
    name,
    [
      `Someone asked to move another ${brand} account to this email address, which is already yours. Nothing has changed on your account.`,
      'If it was you, log in to this account instead.',
    ],
    loginLink,
    'Log in',
    brand,
  );

/** The last mail to a deleted account's address. */
export const accountDeletedEmail = (to: string, name: string, homeLink: string, brand: string): Mail =>
  mail(
    to,
    `Your ${brand} account was deleted`,
    'Your account was deleted',
    name,
    [
      `Your ${brand} account and its personal data were deleted, as you asked. This address can sign up again at any time.`,
      'If it was not you, someone knew your password: reply to this email.',
    ],
    homeLink,
    `Visit ${brand}`,
    brand,
  );
