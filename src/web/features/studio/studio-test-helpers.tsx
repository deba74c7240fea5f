// For the Studio's component tests only: a fake server behind a stubbed fetch, item factories with overrides, and
// the Studio's routes in a memory router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { vi } from 'vitest';
import type { Me, StudioBlog, StudioCourse, StudioLesson, StudioUser } from '../../../shared/studio';
import { patterns } from '../../app/paths';
import { AlertBanner } from '../../components/alert-banner';
import { memoryLocation, Route, Router, Switch } from '../../lib/router';
import { AuditPage, BlogEditorPage, CourseEditorPage, StudioPage, TutorialEditorPage, UsersPage } from './studio-pages';

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

export interface Call {
  method: string;
  url: string;
  body: unknown;
}
export type Handler = (call: Call) => Response | Promise<Response>;

/**
 * Answers fetch calls by 'METHOD /path?query'; an unknown call is a 404 that the test can see in `calls`.
 * Returns the list of calls made, newest last.
 */
export function fakeServer(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>, routes: Record<string, Handler>) {
  const calls: Call[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, url, body };
    calls.push(call);
    const handler = routes[`${method} ${url}`];
    return handler ? handler(call) : json(404, { error: `no fake for ${method} ${url}` });
  });
  return calls;
}

export const ME: Record<Me['role'], Me> = {
  admin: { _id: 'u-admin', name: 'Ada Admin', email: 'ada@example.test', role: 'admin' },
  author: { _id: 'u-author', name: 'Alan Author', email: 'alan@example.test', role: 'author' },
  learner: { _id: 'u-learner', name: 'Lea Learner', email: 'lea@example.test', role: 'learner' },
};

const base = {
  status: 'draft' as const,
  version: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-23T15:30:00.000Z',
  author: { _id: 'u-author', name: 'Alan Author' },
  hasChanges: false,
  published: null,
};

export const lesson = (overrides: Partial<StudioLesson> = {}): StudioLesson => ({
  _id: 'l1',
  courseId: 'c1',
  title: 'Lesson one',
  link: '/media/one.webm',
  description: '<p>About one</p>',
  captions: null,
  status: 'draft',
  version: 1,
  updatedAt: base.updatedAt,
  hasChanges: false,
  published: null,
  ...overrides,
});

export const course = (overrides: Partial<StudioCourse> = {}): StudioCourse => ({
  _id: 'c1',
  title: 'Course one',
  description: '<p>A course</p>',
  cover: '/media/cover.png',
  ...base,
  lessons: [],
  ...overrides,
});

export const blog = (overrides: Partial<StudioBlog> = {}): StudioBlog => ({
  _id: 'b1',
  title: 'Post one',
  content: '<p>Hello</p>',
  date: null,
  ...base,
  ...overrides,
});

export const user = (overrides: Partial<StudioUser> = {}): StudioUser => ({
  _id: 'u1',
  name: 'Grace Hopper',
  email: 'grace@example.test',
  role: 'learner',
  bootstrapAdmin: false,
  ...overrides,
});

/** The Studio's routes (and stand-ins for the pages they link to) at `url`. */
export function renderStudio(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: url }).hook}>
        <AlertBanner />
        <Switch>
          <Route path={patterns.studio} component={StudioPage} />
          <Route path={patterns.studioCourse} component={CourseEditorPage} />
          <Route path={patterns.studioTutorial} component={TutorialEditorPage} />
          <Route path={patterns.studioBlog} component={BlogEditorPage} />
          <Route path={patterns.studioUsers} component={UsersPage} />
          <Route path={patterns.studioAudit} component={AuditPage} />
          <Route path={patterns.login}>
            <p>login page</p>
          </Route>
          <Route path={patterns.home}>
            <p>home page</p>
          </Route>
        </Switch>
      </Router>
    </QueryClientProvider>,
  );
}
