// The account emails, in plain text and HTML, signed with the site's name (its settings). The user's name is
// escaped: it is user input.
import { BRAND } from '../../../shared/constants';
import type { Mail } from '../../lib/mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export function layout(
  brand: string,
  heading: string,
  name: string,
  lines: string[],
  link: string,
  action: string,
): string {
  return [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">',
    '<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<tr><td><p style="font-size:20px;font-weight:bold;color:#d6336c;margin:0 0 16px">${escapeHtml(brand)}</p>`,
    `<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(heading)}</h1>`,
    `<p>Hi ${escapeHtml(name)},</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#d6336c;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(action)}</a></p>`,
    `<p style="font-size:12px;color:#52606d">Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    '</td></tr></table></body></html>',
  ].join('\n');
}

export function verificationEmail(to: string, name: string, link: string, brand = BRAND): Mail {
  const lines = [
    `Welcome to ${brand}! Please confirm your email address to finish signing up.`,
    'The link works once and expires in 24 hours.',
  ];
  return {
    to,
    subject: `Verify your email for ${brand}`,
    text: `Hi ${name},\n\n${lines.join('\n')}\n\n${link}\n\nIf you did not sign up, ignore this email.\n\n${brand}\n`,
    html: layout(
      brand,
      'Verify your email',
      name,
      [...lines, 'If you did not sign up, ignore this email.'],
      link,
      'Verify email',
    ),
  };
}

export function resetEmail(to: string, name: string, link: string, brand = BRAND): Mail {
  const lines = [
    `Someone asked to reset the password of your ${brand} account.`,
    'The link works once and expires in 1 hour.',
  ];
  return {
    to,
    subject: `Reset your ${brand} password`,
    text: `Hi ${name},\n\n${lines.join('\n')}\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.\n\n${brand}\n`,
    html: layout(
      brand,
      'Reset your password',
      name,
      [...lines, 'If it was not you, ignore this email: your password stays as it is.'],
      link,
      'Choose a new password',
    ),
  };
}

/** To the owner of an email someone tried to sign up with: it already has an account (sign-up answers the same
 *  either way, so this mail is how a person who forgot learns it). */
export function signUpAttemptEmail(
  to: string,
  name: string,
  loginLink: string,
  forgotLink: string,
  brand = BRAND,
): Mail {
  const lines = [
    `Someone tried to create a ${brand} account with this email address, which already has one.`,
    `If it was you: log in with your password at ${loginLink}, or if you forgot it, reset it at ${forgotLink}.`,
  ];
  const notYou = 'If it was not you, ignore this email: nothing has changed on your account.';
  return {
    to,
    subject: `Someone tried to sign up to ${brand} with your email`,
    text: `Hi ${name},\n\n${lines.join('\n')}\n\n${notYou}\n\n${brand}\n`,
    html: layout(brand, 'You already have an account', name, [...lines, notYou], loginLink, 'Log in'),
  };
}

/** The one-time sign-in link, sent when an account's failed-login limit is reached (someone may be guessing). */
export function signInLinkEmail(to: string, name: string, link: string, brand = BRAND): Mail {
  const lines = [
    `Your ${brand} account had many failed logins, so logging in with a password is paused for a while.`,
    'You can still get in with this one-time link. It works once and expires in 15 minutes.',
  ];
  const notYou =
    'If the failed logins were not you, someone may be guessing your password: choose a strong one once you are in.';
  return {
    to,
    subject: `Your one-time sign-in link for ${brand}`,
    text: `Hi ${name},\n\n${lines.join('\n')}\n\n${link}\n\n${notYou}\n\n${brand}\n`,
    html: layout(brand, 'Sign in with a link', name, [...lines, notYou], link, 'Sign in'),
  };
}
