// The product's constants the home page's first load needs: the frame around every page (the brand, the session's
// storage keys, the alert's time, the navbar's texts), the home page and its course cards. Kept apart from
// ./constants, which re-exports them, so that first load does not carry the whole table of texts and limits the
// other pages use.

export const BRAND = 'DevCourses';

export const ALERT_MS = 1000;
export const HOME_LATEST_COURSES = 3;
export const EXCERPT = { course: 90, search: 90, blog: 120, bug: 120 } as const;

/** localStorage keys of the session, exactly as the product specification names them (the theme's is with the theme
 *  script, src/web/starter/theme.ts). */
export const STORAGE = { token: 'auth-token', userId: 'user-id' } as const;

/** The specified texts of the navbar and the home page's hero (part of TEXT). */
export const FIRST_LOAD_TEXT = {
  searchPlaceholder: "I'm here for you...",
  heroWords: ['Reactjs', 'Python', 'CSS', 'HTML'],
  loggedOut: 'You are logged out',
} as const;
