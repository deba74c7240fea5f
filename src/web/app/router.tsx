// The one table of routes. Every page is its own lazily loaded chunk whose default export is the page component;
// adding a screen is one line in `appRoutes`. A page the server renders also has a server-only companion beside its
// module, `<page>.head.ts`, declaring its reads and its head (ssr/page-declaration.ts); the browser never loads it.
// Routed by wouter (lib/router.tsx; docs/decisions/0020): React Router's ≈ 13 KB gzip did not fit the home page's
// first-load budget of 90 KB, and no screen here uses loaders or actions.
import { lazy, type ComponentType } from 'react';
import { parse } from 'regexparam';
import { matchRoute, Route, Switch } from '../lib/router';
import { RootLayout } from './layout';
import { loadLearning } from './learning-chunk';
import { patterns } from './paths';

interface AppRoute {
  path: string;
  /** The page's module: its default export is the page; `preload`, if any, loads the lazy parts it draws. */
  page: () => Promise<{ default: ComponentType; preload?: () => Promise<unknown> }>;
}

const studio = () => import('../features/studio/studio-pages');
const coursePreview = () => import('../features/courses/course-preview');
const practicePreview = () => import('../features/practice/practice-preview');

export const appRoutes: AppRoute[] = [
  { path: patterns.home, page: () => import('../features/home/home-page') },
  { path: patterns.courses, page: () => import('../features/courses/courses-page') },
  { path: patterns.course, page: () => import('../features/courses/course-page') },
  { path: patterns.lesson, page: () => import('../features/courses/lesson-page') },
  { path: patterns.tutorials, page: () => import('../features/tutorials/tutorials-page') },
  { path: patterns.tutorial, page: () => import('../features/tutorials/tutorial-page') },
  { path: patterns.blogs, page: () => import('../features/blogs/blogs-page') },
  { path: patterns.blog, page: () => import('../features/blogs/blog-page') },
  { path: patterns.contact, page: () => import('../features/contact/contact-page') },
  { path: patterns.login, page: () => import('../features/auth/login-page') },
  { path: patterns.signup, page: () => import('../features/auth/signup-page') },
  { path: patterns.verify, page: () => import('../features/auth/verify-page') },
  { path: patterns.forgotPassword, page: () => import('../features/auth/forgot-password-page') },
  { path: patterns.changePassword, page: () => import('../features/auth/change-password-page') },
  { path: patterns.signInLink, page: () => import('../features/auth/sign-in-link-page') },
  { path: patterns.bugs, page: () => import('../features/bugs/bugs-page') },
  { path: patterns.bug, page: () => import('../features/bugs/bug-page') },
  { path: patterns.exercise, page: () => import('../features/practice/exercise-page') },
  { path: patterns.quiz, page: () => import('../features/practice/quiz-page') },
  { path: patterns.learning, page: () => loadLearning().then((m) => ({ default: m.LearningPage })) },
  { path: patterns.certificate, page: () => import('../features/certificates/certificate-page') },
  { path: patterns.notifications, page: () => import('../features/notifications/notifications-page') },
  {
    path: patterns.notificationSettings,
    page: () => import('../features/notifications/notification-settings-page'),
  },
  { path: patterns.settings, page: () => import('../features/account/settings-page') },
  { path: patterns.profile, page: () => import('../features/account/profile-page') },
  // The Studio: one lazy chunk for all its screens, so none of it reaches the first load.
  { path: patterns.studio, page: () => studio().then((m) => ({ default: m.StudioPage })) },
  { path: patterns.studioCourse, page: () => studio().then((m) => ({ default: m.CourseEditorPage })) },
  { path: patterns.studioTutorial, page: () => studio().then((m) => ({ default: m.TutorialEditorPage })) },
  { path: patterns.studioBlog, page: () => studio().then((m) => ({ default: m.BlogEditorPage })) },
  { path: patterns.studioUsers, page: () => studio().then((m) => ({ default: m.UsersPage })) },
  { path: patterns.studioAudit, page: () => studio().then((m) => ({ default: m.AuditPage })) },
  // Previews of drafts and working copies: rendered in the browser only (never cached, noindex).
  { path: patterns.previewBlog, page: () => import('../features/blogs/blog-preview') },
  { path: patterns.previewTutorial, page: () => import('../features/tutorials/tutorial-preview') },
  { path: patterns.previewCourse, page: () => coursePreview().then((m) => ({ default: m.CoursePreview })) },
  { path: patterns.previewLesson, page: () => coursePreview().then((m) => ({ default: m.LessonPreview })) },
  { path: patterns.previewExercise, page: () => practicePreview().then((m) => ({ default: m.ExercisePreview })) },
  { path: patterns.previewQuiz, page: () => practicePreview().then((m) => ({ default: m.QuizPreview })) },
  { path: patterns.studioCertificates, page: () => studio().then((m) => ({ default: m.CertificatesPage })) },
  { path: patterns.studioSettings, page: () => studio().then((m) => ({ default: m.SettingsPage })) },
  { path: patterns.notFound, page: () => import('../components/not-found') },
];

/** A lazy page that can also be loaded ahead: once `preload()` has resolved, the page renders at once instead of
 *  suspending. The server preloads the page it renders, the browser the same page before it hydrates, so both draw the
 *  same tree (docs/decisions/0016). */
function lazyPage(load: AppRoute['page']) {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then(async (module) => {
      await module.preload?.();
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Page, preload };
}

const pages = appRoutes.map(({ path, page }) => ({ path, ...lazyPage(page) }));

/** Decodes a path as wouter does before matching it (decodeURI, left as it is when it does not decode), so that the
 *  params found here are the ones the page's useParams reads. */
function decodePath(pathname: string): string {
  try {
    return pathname.includes('%') ? decodeURI(pathname) : pathname;
  } catch {
    return pathname;
  }
}

/** The route table's entry for a path, as the router picks it: the first pattern that matches (the `*` route for
 *  unknown paths), with its params. `parse` is wouter's own default pattern parser. */
export function matchPage(
  pathname: string,
): { pattern: string; params: Record<string, string | undefined>; preload: () => Promise<unknown> } | null {
  const path = decodePath(pathname);
  for (const { path: pattern, preload } of pages) {
    const [matches, params] = matchRoute(parse, pattern, path);
    if (matches) return { pattern, params, preload };
  }
  return null;
}

export function AppRoutes() {
  return (
    <RootLayout>
      <Switch>
        {pages.map(({ path, Page }) => (
          <Route key={path} path={path} component={Page} />
        ))}
      </Switch>
    </RootLayout>
  );
}
