// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadMore, type PagedList } from './load-more';

const list = (state: Partial<PagedList> = {}): PagedList => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  fetchNextPage: vi.fn(() => Promise.resolve()),
  ...state,
});

describe('LoadMore', () => {
  afterEach(cleanup);

  it('loads the next page, and is gone after the last one', () => {
    const pages = list();
    const { rerender } = render(<LoadMore pages={pages} label="Load more solutions" />);
    fireEvent.click(screen.getByRole('button', { name: 'Load more solutions' }));
    expect(pages.fetchNextPage).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('');
    rerender(<LoadMore pages={list({ hasNextPage: false })} label="Load more solutions" />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('stays focusable but asks nothing more while a page loads', () => {
    const pages = list({ isFetchingNextPage: true });
    render(<LoadMore pages={pages} label="Load more" />);
    const button = screen.getByRole('button', { name: 'Loading…' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    expect(pages.fetchNextPage).not.toHaveBeenCalled();
  });

  it('says a page failed to load, in a live region, and lets the reader try again', () => {
    const pages = list({ isFetchNextPageError: true, error: { message: 'Too many requests' } });
    render(<LoadMore pages={pages} label="Load more notifications" />);
    expect(screen.getByRole('status').textContent).toBe('More could not be loaded: Too many requests. Try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Load more notifications' }));
    expect(pages.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('names what failed in the list’s own words', () => {
    render(
      <LoadMore
        pages={list({ isFetchNextPageError: true, error: { message: 'Server error' } })}
        label="Load more"
        failed="Older entries could not be loaded"
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Older entries could not be loaded: Server error. Try again.');
  });
});
