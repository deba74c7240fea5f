// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { act, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../shared/contract';
import { signIn, signOut } from '../lib/session';
import { CommentList } from './comment-list';

const comment = (id: string, userId: string, name: string, content: string): Comment => ({
  _id: id,
  content,
  date: '2024-03-05T13:04:09.000Z',
  user: { _id: userId, name, profilePublic: false },
});

const items = [
  comment('c1', 'u-me', 'Me Myself', '<p>mine</p>'),
  comment('c2', 'u-other', 'Some Other', '<p>theirs</p>'),
];

/** Renders inside a fresh query client (the list asks GET /api/auth/me for the reader's role). */
const renderWithQueries = (ui: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

/** Answers GET /api/auth/me with `role`. */
function stubMe(role: 'learner' | 'admin') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ _id: 'u-me', name: 'Me Myself', email: 'me@example.test', role })),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => {
    signOut();
    // signOut keeps user-id (as specified); clearing it here needs the storage event the session listens to.
    localStorage.clear();
    window.dispatchEvent(new Event('storage'));
  });
});

describe('CommentList', () => {
  it('shows author, time and content, and a delete button only on the reader’s own items', () => {
    stubMe('learner');
    act(() => signIn('t'.repeat(43), 'u-me'));
    const onDelete = vi.fn();
    renderWithQueries(<CommentList items={items} noun="comment" label="Comments" onDelete={onDelete} />);
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('Me Myself');
    expect(rows[0].querySelector('time')?.textContent).toMatch(/^\d{2}:\d{2}:\d{2} (am|pm) \d{2}-\d{2}-\d{4}$/);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(1);
    expect(rows[0].contains(buttons[0])).toBe(true);
    expect(buttons[0].getAttribute('aria-label')).toMatch(/^Delete comment by Me Myself/);

    // Every delete asks first. happy-dom has no window.confirm: stand in for the browser's dialog.
    const confirm = vi.fn((_message?: string) => false);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(buttons[0]);
    expect(confirm).toHaveBeenCalledWith('Delete your comment? This cannot be undone.');
    expect(onDelete).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    fireEvent.click(buttons[0]);
    expect(onDelete).toHaveBeenCalledWith(items[0]);
  });

  it('shows no delete button without a stored user id', () => {
    renderWithQueries(<CommentList items={items} noun="solution" label="Solutions" onDelete={() => {}} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('gives an admin a delete button on every item; another user’s is deleted only after confirming', async () => {
    stubMe('admin');
    act(() => signIn('t'.repeat(43), 'u-me'));
    const onDelete = vi.fn();
    renderWithQueries(<CommentList items={items} noun="comment" label="Comments" onDelete={onDelete} />);
    await waitFor(() => expect(screen.getAllByRole('button')).toHaveLength(2));
    const theirs = screen.getByRole('button', { name: /^Delete comment by Some Other/ });

    const confirm = vi.fn((_message?: string) => false);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(theirs);
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('this comment by Some Other'));
    expect(onDelete).not.toHaveBeenCalled();

    confirm.mockReturnValue(true);
    fireEvent.click(theirs);
    expect(onDelete).toHaveBeenCalledWith(items[1]);

    // One's own asks too, without the moderator's reminder.
    confirm.mockClear();
    fireEvent.click(screen.getByRole('button', { name: /^Delete comment by Me Myself/ }));
    expect(confirm).toHaveBeenCalledWith('Delete your comment? This cannot be undone.');
    expect(onDelete).toHaveBeenLastCalledWith(items[0]);
  });
});
