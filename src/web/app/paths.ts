// Every route of the web app: `patterns` for the router table, `paths` to build links. Ids are URL-encoded.
const seg = (value: string) => encodeURIComponent(value);

export const patterns = {
  home: '/',
  courses: '/course',
  course: '/course/:courseId',
  lesson: '/course/:courseId/:lessonId',
  tutorials: '/tutorial',
  tutorial: '/tutorial/:tutorialId',
  blogs: '/blog',
  blog: '/blog/:blogId',
  contact: '/contact',
  login: '/login',
  signup: '/signup',
  verify: '/user/verify/:token',
  forgotPassword: '/user/forgot-password',
  changePassword: '/user/change-password/:token',
  bugs: '/bugs',
  bug: '/bugs/:bg',
  notFound: '*',
} as const;

export const paths = {
  home: () => '/',
  courses: () => '/course',
  course: (courseId: string) => `/course/${seg(courseId)}`,
  lesson: (courseId: string, lessonId: string) => `/course/${seg(courseId)}/${seg(lessonId)}`,
  tutorials: () => '/tutorial',
  tutorial: (tutorialId: string) => `/tutorial/${seg(tutorialId)}`,
  // SPEC §2 lists the blog list as /blog/ (with the slash); /blog works too.
  blogs: () => '/blog/',
  blog: (blogId: string) => `/blog/${seg(blogId)}`,
  contact: () => '/contact',
  login: () => '/login',
  signup: () => '/signup',
  verify: (token: string) => `/user/verify/${seg(token)}`,
  forgotPassword: () => '/user/forgot-password',
  changePassword: (token: string) => `/user/change-password/${seg(token)}`,
  bugs: () => '/bugs',
  bug: (bugId: string) => `/bugs/${seg(bugId)}`,
} as const;
