// What other modules may use from auth: hashing and checking passwords (account settings change and confirm them),
// the texts of its refusals, and the layout its mails share.
export { hashPassword, verifyPassword } from './auth.service';
export { AUTH_MSG } from './auth.messages';
export { layout as mailLayout } from './auth.emails';
