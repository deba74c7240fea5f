// The contract of account self-service (a person's own account: settings, password, email, sessions, their data,
// leaving) and of the public profile. The server validates and serializes with these schemas; the settings screen
// (/settings) and the profile page (/u/{id}) are typed by them and show these texts.
import { z } from 'zod';
import { LIMITS } from './constants';
import { idParam } from './contract';
import { role } from './studio';

export const ACCOUNT_LIMITS = {
  /** A bio is plain text, at most this many characters. */
  bioMax: 300,
  /** A public profile lists at most this many of each kind (newest first); the counts are the whole. */
  profileListMax: 50,
} as const;

/** What the person types to confirm deleting their account (the screen compares it; the server asks the password). */
export const DELETE_CONFIRMATION = 'delete my account';

/** The texts the server answers and the screens show. */
export const ACCOUNT_MSG = {
  profileSaved: 'Your profile was saved',
  passwordChanged: 'Your password was changed. Every other session was signed out.',
  /** The same answer whether or not the address belongs to another account (no account discovery). */
  emailChangeSent:
    'We sent a link to the new address: open it to confirm the change. Until then your current address stays in force.',
  wrongPassword: 'Your current password is not right',
  samePassword: 'The new password must differ from the current one',
  sameEmail: 'That is already your email address',
  nothingToChange: 'nothing to change: send name, bio or profilePublic',
  sessionNotFound: 'No such session of yours',
  lastAdmin:
    'You are the last admin: the site would have no one to run it. Make another account an admin before you delete yours.',
  profileNotFound: 'This profile is private or does not exist',
  /** SPEC's own text for a missing author: what a deleted account's content shows. */
  unknownAuthor: 'unknown',
} as const;

/** The labels of the settings screen. */
export const ACCOUNT_TEXT = {
  settingsTitle: 'Settings',
  profile: 'Profile',
  publicProfile: 'Public profile',
  bio: 'Bio',
  password: 'Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  repeatPassword: 'Repeat the new password',
  email: 'Email',
  newEmail: 'New email address',
  pendingEmail: (address: string) => `Waiting for confirmation: ${address}`,
  sessions: 'Sessions',
  thisSession: 'This session',
  signOut: 'Sign out',
  signOutOthers: 'Sign out all other sessions',
  yourData: 'Your data',
  downloadData: 'Download your data',
  deleteAccount: 'Delete account',
  deleteContent: 'Also delete what I wrote',
  typeToConfirm: `Type "${DELETE_CONFIRMATION}" to confirm`,
  memberSince: 'Member since',
  coursesCompleted: 'Courses completed',
  acceptedSolutions: 'Accepted solutions',
  questionsAsked: 'Questions asked',
} as const;

// ---- fields ----
const name = z
  .string({ error: 'name must be a string' })
  .trim()
  .min(LIMITS.nameMin, `name must be at least ${LIMITS.nameMin} characters`)
  .max(LIMITS.nameMax, `name must be at most ${LIMITS.nameMax} characters`);
const bio = z
  .string({ error: 'bio must be a string' })
  .trim()
  .max(ACCOUNT_LIMITS.bioMax, `bio must be at most ${ACCOUNT_LIMITS.bioMax} characters`);
const currentPassword = z
  .string({ error: 'currentPassword is required' })
  .min(1, 'currentPassword is required')
  .max(LIMITS.passwordMax, `currentPassword must be at most ${LIMITS.passwordMax} characters`);
const password = z
  .string({ error: 'password is required' })
  .min(LIMITS.passwordMin, `password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `password must be at most ${LIMITS.passwordMax} characters`);
const email = z
  .string({ error: 'email is required' })
  .trim()
  .max(LIMITS.emailMax, 'email is too long')
  .pipe(z.email('email is not a valid email address'));

// ---- GET /api/me, PATCH /api/me ----
export const myAccount = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  bio: z.string(),
  profilePublic: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** The address a change waits to be confirmed for; null when none is waiting. */
  pendingEmail: z.string().nullable(),
});
export type MyAccount = z.infer<typeof myAccount>;

export const updateMyAccountBody = z
  .object({ name: name.optional(), bio: bio.optional(), profilePublic: z.boolean().optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.bio !== undefined || b.profilePublic !== undefined, {
    error: ACCOUNT_MSG.nothingToChange,
  });
export type UpdateMyAccountBody = z.infer<typeof updateMyAccountBody>;

// ---- POST /api/me/password, POST /api/me/email ----
export const changeMyPasswordBody = z.object({ currentPassword, password });
export type ChangeMyPasswordBody = z.infer<typeof changeMyPasswordBody>;

export const changeMyEmailBody = z.object({ email, currentPassword });
export type ChangeMyEmailBody = z.infer<typeof changeMyEmailBody>;

export const accountMessage = z.object({ msg: z.string() });
export type AccountMessage = z.infer<typeof accountMessage>;

// ---- sessions ----
export const mySession = z.object({
  _id: z.string(),
  /** 'Firefox 133', 'Chrome 131', … or 'Unknown browser'. */
  browser: z.string(),
  /** 'Windows', 'macOS', 'Android', 'iOS', 'Linux', … or 'Unknown system'. */
  os: z.string(),
  /** ISO 8601: when the session began (the login). */
  createdAt: z.string(),
  /** ISO 8601: when it was last used (to within a few minutes). */
  lastUsedAt: z.string(),
  /** The session of the token this call was made with. */
  current: z.boolean(),
});
export type MySession = z.infer<typeof mySession>;
/** GET /api/me/sessions: the current session first, then the most recently used. */
export const mySessions = z.object({ sessions: z.array(mySession) });
export type MySessions = z.infer<typeof mySessions>;
export const sessionParams = z.object({ id: idParam });
/** POST /api/me/sessions/revoke-others: how many sessions were signed out. */
export const revokedSessions = z.object({ revoked: z.number() });
export type RevokedSessions = z.infer<typeof revokedSessions>;

// ---- POST /api/me/delete ----
export const deleteMyAccountBody = z.object({
  currentPassword,
  deleteContent: z.boolean({ error: 'deleteContent must be true or false' }),
});
export type DeleteMyAccountBody = z.infer<typeof deleteMyAccountBody>;

// ---- GET /api/me/export ----
/** The file's name in Content-Disposition. */
export const exportFileName = (date: Date) => `devcourses-account-${date.toISOString().slice(0, 10)}.json`;
/** The top level of the exported file: `{format, exportedAt, account, <part>: [...], …}`; each part named in the
 *  server's list of what an account holds (profile, sessions, comments, bugs, solutions, votes, progress, …). */
export const EXPORT_FORMAT = 'devcourses-account-export/1';

// ---- GET /api/users/{id}: the public profile ----
export const profileCourse = z.object({
  /** The course's id; null when the course was deleted since (the certificate stays). */
  _id: z.string().nullable(),
  title: z.string(),
  /** ISO 8601: when it was completed. */
  completedAt: z.string(),
  /** The certificate's code: its page is /certificates/{code}. */
  certificate: z.string(),
});
export const profileSolution = z.object({
  /** The solution's id. */
  _id: z.string(),
  bugId: z.string(),
  bugTitle: z.string(),
  date: z.string(),
});
export const profileQuestion = z.object({ _id: z.string(), title: z.string(), date: z.string(), solved: z.boolean() });
export const publicProfile = z.object({
  _id: z.string(),
  name: z.string(),
  bio: z.string(),
  /** ISO 8601: when the account was created. */
  memberSince: z.string(),
  coursesCompleted: z.array(profileCourse),
  acceptedSolutions: z.array(profileSolution),
  acceptedSolutionCount: z.number(),
  questions: z.array(profileQuestion),
  questionCount: z.number(),
});
export type PublicProfile = z.infer<typeof publicProfile>;
export type ProfileCourse = z.infer<typeof profileCourse>;
export type ProfileSolution = z.infer<typeof profileSolution>;
export type ProfileQuestion = z.infer<typeof profileQuestion>;
export const userParams = z.object({ id: idParam });

/** A public profile's address. */
export const profilePath = (id: string) => `/u/${id}`;
