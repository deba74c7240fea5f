// @vitest-environment happy-dom
// The Studio's gate, content lists, users and audit screens against a stubbed fetch.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showAlert } from '../../components/alert-banner';
import { signIn, signOut } from '../../lib/session';
import { auditApiQuery } from './api/get-audit';
import { blog, course, fakeServer, json, ME, renderStudio, user } from './studio-test-helpers';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  signOut();
  showAlert('(none yet)');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NOT_ALLOWED = 'You are not allowed to use the Studio';

describe('the Studio gate', () => {
  it('signed out: the not-allowed page with a Login link, and no call', async () => {
    fakeServer(fetchMock, {});
    renderStudio('/studio');
    expect(await screen.findByRole('heading', { level: 1, name: NOT_ALLOWED })).toBeTruthy();
    expect(screen.getByText(/for the site's authors and admins/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a learner: the not-allowed page saying who may, without a Login link', async () => {
    signIn('tok', ME.learner._id);
    fakeServer(fetchMock, { 'GET /api/auth/me': () => json(200, ME.learner) });
    renderStudio('/studio/courses/c1');
    expect(await screen.findByRole('heading', { level: 1, name: NOT_ALLOWED })).toBeTruthy();
    expect(screen.getByText(/Ask an admin to give your account the author role/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(fetchMock.mock.calls[0][1]?.headers).toMatchObject({ 'auth-token': 'tok' });
  });

  it('an expired token (401 from /me) reads as signed out', async () => {
    signIn('old', 'u1');
    fakeServer(fetchMock, { 'GET /api/auth/me': () => json(401, { error: 'Please log in' }) });
    renderStudio('/studio');
    expect(await screen.findByRole('heading', { level: 1, name: NOT_ALLOWED })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it('the same page when the server answers a Studio call with 403 (a role revoked meanwhile)', async () => {
    signIn('tok', ME.author._id);
    fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/courses': () => json(403, { error: 'Authors and admins only' }),
    });
    renderStudio('/studio');
    expect(await screen.findByRole('heading', { level: 1, name: NOT_ALLOWED })).toBeTruthy();
  });

  it('an author sees the content, not the Users and Audit links; an admin page says it is for admins', async () => {
    signIn('tok', ME.author._id);
    fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/courses': () => json(200, []),
    });
    renderStudio('/studio');
    expect(await screen.findByRole('heading', { level: 1, name: 'Studio' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Studio' });
    expect(within(nav).getByRole('link', { name: 'Content lists' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).toBeNull();
    expect(await screen.findByText('No courses yet.')).toBeTruthy();
    cleanup();

    renderStudio('/studio/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Only admins can use this page' })).toBeTruthy();
  });
});

describe('/studio lists', () => {
  const courses = [
    course({ _id: 'c1', title: 'Rust basics', status: 'draft', version: 3 }),
    course({ _id: 'c2', title: 'Go in depth', status: 'published', version: 5, author: null }),
  ];

  it('shows title, status, last edit and author; Publish sends PATCH {status, version}', async () => {
    signIn('tok', ME.admin._id);
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.admin),
      'GET /api/studio/courses': () => json(200, courses),
      'PATCH /api/studio/courses/c1': ({ body }) =>
        json(200, { ...courses[0], ...(body as object), version: 4, updatedAt: '2026-11-24T09:00:00.000Z' }),
    });
    renderStudio('/studio');
    const table = await screen.findByRole('table', { name: 'Courses' });
    const [, draftRow, publishedRow] = within(table).getAllByRole('row');
    expect(within(draftRow).getByRole('rowheader').textContent).toBe('Rust basics');
    expect(within(draftRow).getByText('Draft')).toBeTruthy();
    expect(within(draftRow).getByText('Alan Author')).toBeTruthy();
    expect(within(draftRow).getByRole('time').getAttribute('datetime')).toBe('2026-11-23T15:30:00.000Z');
    expect(within(publishedRow).getByText('Published')).toBeTruthy();
    // Content without an author (the demo catalogue, an author who left) is the site's.
    expect(within(publishedRow).getByText('DevCourses')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Rust basics' }).getAttribute('href')).toBe('/studio/courses/c1');
    expect(screen.getByRole('button', { name: 'Unpublish Go in depth' })).toBeTruthy();
    // Admins see the admin links.
    expect(screen.getByRole('link', { name: 'Users' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Publish Rust basics' }));
    await waitFor(() => expect(within(draftRow).getByText('Published')).toBeTruthy());
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch).toEqual({
      method: 'PATCH',
      url: '/api/studio/courses/c1',
      body: { status: 'published', version: 3 },
    });
    expect(screen.getByRole('button', { name: 'Unpublish Rust basics' })).toBeTruthy();
    expect(screen.getByText('Published “Rust basics”.')).toBeTruthy();
  });

  it('offers an author no Edit, Publish/Unpublish or Delete on items not theirs: View only', async () => {
    signIn('tok', ME.author._id);
    fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/courses': () => json(200, courses),
    });
    renderStudio('/studio');
    const table = await screen.findByRole('table', { name: 'Courses' });
    const [, mineRow, siteRow] = within(table).getAllByRole('row');
    await waitFor(() => expect(within(mineRow).getByRole('link', { name: 'Edit Rust basics' })).toBeTruthy());
    expect(within(mineRow).getByRole('button', { name: 'Publish Rust basics' })).toBeTruthy();
    expect(within(mineRow).getByRole('button', { name: 'Delete Rust basics' })).toBeTruthy();
    expect(within(siteRow).getByRole('link', { name: 'View Go in depth' }).getAttribute('href')).toBe(
      '/studio/courses/c2',
    );
    expect(within(siteRow).queryByRole('button')).toBeNull();
  });

  it('Delete asks first, then removes the row', async () => {
    signIn('tok', ME.author._id);
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/blogs': () => json(200, [blog({ title: 'Release notes' })]),
      'DELETE /api/studio/blogs/b1': () => json(200, { ok: true }),
    });
    renderStudio('/studio?tab=blogs');
    expect(await screen.findByRole('heading', { level: 2, name: 'Blog posts' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Blog posts' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Release notes' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Release notes' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText('No posts yet.')).toBeTruthy());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/studio/blogs/b1']);
  });

  it("'New post' creates a draft with the title and opens its editor", async () => {
    signIn('tok', ME.author._id);
    const created = blog({ _id: 'b9', title: 'Fresh' });
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.author),
      'GET /api/studio/blogs': () => json(200, []),
      'POST /api/studio/blogs': () => json(200, created),
      'GET /api/studio/blogs/b9': () => json(200, created),
    });
    renderStudio('/studio?tab=blogs');
    fireEvent.click(await screen.findByRole('button', { name: 'New post' }));
    const dialog = screen.getByRole('dialog', { name: 'New post' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create post' }));
    expect(within(dialog).getByText('Give the post a title.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: ' Fresh ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create post' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit post' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ title: 'Fresh', content: '', status: 'draft' });
  });
});

describe('/studio/users', () => {
  it("shows the server's refusal when a role change is refused, and puts the role back", async () => {
    signIn('tok', ME.admin._id);
    const ada = user({ _id: 'u-admin', name: 'Ada Admin', email: 'ada@example.test', role: 'admin' });
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.admin),
      'GET /api/studio/users?q=': () =>
        json(200, [ada, user(), user({ _id: 'u2', name: 'Boot Strap', role: 'admin', bootstrapAdmin: true })]),
      'GET /api/studio/users?q=grace': () => json(200, [user()]),
      'PUT /api/studio/users/u-admin/role': () => json(409, { error: 'The site must keep at least one admin.' }),
      'PUT /api/studio/users/u1/role': () => json(200, user({ role: 'author' })),
    });
    renderStudio('/studio/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users and roles' })).toBeTruthy();
    const adaRole = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Role of Ada Admin' });

    fireEvent.change(adaRole, { target: { value: 'learner' } });
    await waitFor(() =>
      expect(screen.getByText("Ada Admin's role was not changed: The site must keep at least one admin.")).toBeTruthy(),
    );
    expect(adaRole.value).toBe('admin');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ role: 'learner' });

    const boot = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Role of Boot Strap' });
    expect(boot.disabled).toBe(true);
    expect(boot.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/listed in the server's ADMIN_EMAILS setting/)).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Role of Grace Hopper' }), { target: { value: 'author' } });
    await waitFor(() => expect(screen.getByText('Grace Hopper is now author.')).toBeTruthy());

    fireEvent.change(screen.getByLabelText('Search users by name or email'), { target: { value: ' grace ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Role of Ada Admin' })).toBeNull());
    expect(calls.some((c) => c.url === '/api/studio/users?q=grace')).toBe(true);
  });
});

describe('/studio/audit', () => {
  const entry = (n: number) => ({
    _id: `a${n}`,
    at: `2026-11-2${n}T10:00:00.000Z`,
    actor: { _id: 'u-admin', name: 'Ada Admin' },
    action: 'update' as const,
    entity: 'course' as const,
    entityId: 'c1',
    beforeTitle: `Old ${n}`,
    afterTitle: `New ${n}`,
    item: { courseId: 'c1' },
  });

  it("lists entries newest first and 'Load more' asks for those before the last one", async () => {
    signIn('tok', ME.admin._id);
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.admin),
      'GET /api/studio/audit': () => json(200, [entry(4), entry(3)]),
      [`GET /api/studio/audit?before=${encodeURIComponent(entry(3).at)}`]: () => json(200, [entry(2)]),
      [`GET /api/studio/audit?before=${encodeURIComponent(entry(2).at)}`]: () => json(200, []),
    });
    renderStudio('/studio/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Audit log, newest first' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByRole('row')[1].textContent).toContain('Ada Admin');
    expect(within(table).getAllByRole('row')[1].textContent).toContain('Old 4 → became  New 4');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    await waitFor(() => expect(screen.getByText('No older entries.')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.map((c) => c.url).filter((u) => u.startsWith('/api/studio/audit'))).toHaveLength(3);
  });
  it('links each entry to its item while it exists and to its person, and filters by person, kind and days', async () => {
    signIn('tok', ME.admin._id);
    const ada = { _id: '11111111-1111-4111-8111-111111111111', name: 'Ada Admin' };
    const entries = [
      { ...entry(4), actor: ada, entity: 'lesson' as const, entityId: 'l1', item: { courseId: 'c1', lessonId: 'l1' } },
      { ...entry(3), actor: ada, entity: 'comment' as const, entityId: 'm1', item: { courseId: 'c2', lessonId: 'l2' } },
      { ...entry(2), actor: null, actorName: 'Gone Person', entity: 'bug' as const, entityId: 'b1', item: null },
    ];
    const filtered = { actor: ada._id, entity: 'tutorial' as const, from: '2026-11-01', to: '2026-11-02' };
    const calls = fakeServer(fetchMock, {
      'GET /api/auth/me': () => json(200, ME.admin),
      'GET /api/studio/audit': () => json(200, entries),
      [`GET /api/studio/audit${auditApiQuery({ actor: ada._id }, undefined)}`]: () => json(200, entries.slice(0, 2)),
      [`GET /api/studio/audit${auditApiQuery(filtered, undefined)}`]: () => json(200, []),
    });
    renderStudio('/studio/audit');
    const table = await screen.findByRole('table', { name: 'Audit log, newest first' });
    const rows = within(table).getAllByRole('row');
    // A lesson opens in its course's editor; a comment's item is its lesson's public page; a deleted bug has no link.
    expect(within(rows[1]).getByRole('link', { name: 'lesson l1' }).getAttribute('href')).toBe('/studio/courses/c1');
    expect(within(rows[2]).getByRole('link', { name: 'comment m1' }).getAttribute('href')).toBe('/course/c2/l2');
    expect(within(rows[3]).queryAllByRole('link')).toEqual([]);
    expect(rows[3].textContent).toContain('bug b1 (gone)');
    expect(rows[3].textContent).toContain('Gone Person (account deleted)');

    // The person's name shows only their entries.
    const person = within(rows[1]).getByRole('link', { name: 'Ada Admin: only their entries' });
    expect(person.getAttribute('href')).toBe(`/studio/audit?actor=${ada._id}`);
    await act(async () => fireEvent.click(person));
    await waitFor(() => expect(screen.getByText('Person:')).toBeTruthy());
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));

    // Kind and days narrow it further; the days are the admin's own, sent as the instants that start and end them.
    fireEvent.change(screen.getByLabelText('Kind of item'), { target: { value: 'tutorial' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-02' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Filter' })));
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
    const last = calls.filter((c) => c.url.startsWith('/api/studio/audit')).at(-1);
    const query = new URL(last?.url ?? '', 'http://x').searchParams;
    expect(query.get('actor')).toBe(ada._id);
    expect(query.get('entity')).toBe('tutorial');
    expect(new Date(query.get('from') ?? '').getTime()).toBe(new Date('2026-11-01T00:00:00').getTime());
    expect(new Date(query.get('to') ?? '').getTime()).toBe(new Date('2026-11-02T23:59:59.999').getTime());

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Clear filters' })));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4));
  });
});
