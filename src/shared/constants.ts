// Business constants and the user-visible texts the product specifies (alerts, limits), shared by the server and
// the web app. What the home page's first load needs is in ./first-load.
import { FIRST_LOAD_TEXT } from './first-load';

export { ALERT_MS, BRAND, EXCERPT, HOME_LATEST_COURSES, STORAGE } from './first-load';

export const LIMITS = {
  titleMax: 200,
  richTextMax: 20_000,
  /** Studio-authored HTML (course and lesson descriptions, tutorials, posts) is longer than a comment. */
  authoredTextMax: 100_000,
  urlMax: 2_000,
  lessonsPerCourseMax: 200,
  auditPageMax: 100,
  nameMin: 5,
  nameMax: 50,
  passwordMin: 6,
  passwordMax: 128,
  emailMax: 254,
  searchMax: 2_000,
  searchResultsMax: 20,
  bodyBytesMax: 256 * 1024,
} as const;

export const TOKEN_TTL_MS = {
  session: 30 * 24 * 60 * 60 * 1000,
  verify: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  /** The one-time sign-in link mailed when an account's failed-login limit is reached. */
  signin: 15 * 60 * 1000,
} as const;

export const TEXT = {
  ...FIRST_LOAD_TEXT,
  notFoundTitle: 'Opps! Page not found.',
  notFoundBody: "The page you're looking for doesn't exist.",
  loginForComments: 'Login for comment section',
  premiumOnly: 'Premium users only',
  searchNote: 'Search allowed to course and tutorials only',
  searchEmpty: 'Result Not Found',
  commentPlaceholder: 'Share your thoughts and let your voice be heard! Leave a Note here......',
  loggedIn: 'Logged in Successfuly',
  signedUp: 'SignUp Successfuly',
  passwordMismatch: 'Password not matching',
  emailNotFound: 'Email not found',
  passwordChanged: 'Password Changed Successfully! ',
  passwordChangeFailed: 'Some Error occured..try again',
  emailVerified: 'Email Verified Successfully',
  commentAdded: 'Comment added successfully!',
  commentDeleted: 'Comment deleted successfully!',
  bugAdded: 'Your bug added Successfully!',
  bugDeleted: 'Your bug deleted successfully!',
  solutionAdded: 'Your solution added',
  solutionDeleted: 'Your solution deleted!',
  noUserBugs: 'not found your bugs',
  noBugs: 'not found bugs',
  noSolutions: 'No solutions at',
} as const;

/** A BugsWorld tag, once lower-cased: 1–24 of a-z 0-9 + # . -; a question has at most BUG_TAGS_MAX. Here rather than
 *  with the contract's schemas, so that the pages that show tags do not load zod. */
export const BUG_TAG = /^[a-z0-9+#.-]{1,24}$/;
export const BUG_TAGS_MAX = 5;
