// Business constants and the user-visible texts the product specifies (alerts, limits), shared by the server and
// the web app.

export const BRAND = 'DevCourses';

export const ALERT_MS = 1000;
export const HOME_LATEST_COURSES = 3;
export const EXCERPT = { course: 90, search: 90, blog: 120, bug: 120 } as const;

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

/** localStorage keys of the session, exactly as the product specification names them (the theme's is with the theme
 *  script, src/web/starter/theme.ts). */
export const STORAGE = { token: 'auth-token', userId: 'user-id' } as const;

export const TEXT = {
  notFoundTitle: 'Opps! Page not found.',
  notFoundBody: "The page you're looking for doesn't exist.",
  searchPlaceholder: "I'm here for you...",
  heroWords: ['Reactjs', 'Python', 'CSS', 'HTML'],
  loginForComments: 'Login for comment section',
  premiumOnly: 'Premium users only',
  searchNote: 'Search allowed to course and tutorials only',
  searchEmpty: 'Result Not Found',
  commentPlaceholder: 'Share your thoughts and let your voice be heard! Leave a Note here......',
  loggedIn: 'Logged in Successfuly',
  signedUp: 'SignUp Successfuly',
  loggedOut: 'You are logged out',
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
