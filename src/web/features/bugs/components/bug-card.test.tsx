// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Bug } from '../../../../shared/contract';
import { BugCard } from './bug-card';

const bug = (user: Bug['user']): Bug => ({
  _id: 'b1',
  title: 'Flexbox gap ignored',
  description: '<p>The gap does nothing in my row.</p>',
  date: '2026-03-05T13:04:09.000Z',
  user,
  tags: [],
  solved: false,
  acceptedSolution: null,
  solutionCount: 0,
  bestScore: null,
  editedAt: null,
  lesson: null,
});

afterEach(cleanup);

describe('a bug card names its author', () => {
  it('as a link to a public profile', () => {
    render(<BugCard bug={bug({ _id: 'u1', name: 'Grace Public', profilePublic: true })} />);
    expect(screen.getByRole('link', { name: 'Grace Public' }).getAttribute('href')).toBe('/u/u1');
  });

  it('as plain text when the profile is private, and as unknown when the account is gone', () => {
    const { container } = render(<BugCard bug={bug({ _id: 'u2', name: 'Quiet Person', profilePublic: false })} />);
    expect(screen.queryByRole('link', { name: 'Quiet Person' })).toBeNull();
    expect(container.querySelector('.bug-card__author')?.textContent).toBe('Quiet Person');
    cleanup();
    const gone = render(<BugCard bug={bug(null)} />);
    expect(gone.container.querySelector('.bug-card__author')?.textContent).toBe('unknown');
  });
});
