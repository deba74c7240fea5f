// 'Load more' under a paged list (bugs, solutions, notifications, the audit log): busy while the next page loads,
// hidden after the last. It stays focusable while busy (aria-disabled, not disabled), so keyboard focus is not lost.
import './load-more.css';

export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export function LoadMore({ pages, label }: { pages: PagedList; label: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <button
      type="button"
      className="button button--ghost load-more"
      aria-disabled={pages.isFetchingNextPage}
      onClick={() => !pages.isFetchingNextPage && void pages.fetchNextPage()}
    >
      {pages.isFetchingNextPage ? 'Loading…' : label}
    </button>
  );
}
