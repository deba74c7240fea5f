// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../shared/contract';
import { signIn, signOut } from '../lib/session';
import { CommentList } from './comment-list';

const comment = (id: string, userId: string, name: string, content: string): Comment => ({
  _id: id,
  content,
  date: '2024-03-05T13:04:09.000Z',
  user: { _id: userId, name },
});

const items = [
  comment('c1', 'u-me', 'Me Myself', '<p>mine</p>'),
  comment('c2', 'u-other', 'Some Other', '<p>theirs</p>'),
];

afterEach(() => {
  cleanup();
  act(() => {
    signOut();
    // signOut keeps user-id (SPEC §4); clearing it here needs the storage event the session listens to.
    localStorage.clear();
    window.dispatchEvent(new Event('storage'));
  });
});

describe('CommentList', () => {
  it('shows author, time and content, and a delete button only on the reader’s own items', () => {
    act(() => signIn('t'.repeat(43), 'u-me'));
    const onDelete = vi.fn();
    render(<CommentList items={items} noun="comment" label="Comments" onDelete={onDelete} />);
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('Me Myself');
    expect(rows[0].querySelector('time')?.textContent).toMatch(/^\d{2}:\d{2}:\d{2} (am|pm) \d{2}-\d{2}-\d{4}$/);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(1);
    expect(rows[0].contains(buttons[0])).toBe(true);
    expect(buttons[0].getAttribute('aria-label')).toMatch(/^Delete comment by Me Myself/);
    fireEvent.click(buttons[0]);
    expect(onDelete).toHaveBeenCalledWith(items[0]);
  });

  it('shows no delete button without a stored user id', () => {
    render(<CommentList items={items} noun="solution" label="Solutions" onDelete={() => {}} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
