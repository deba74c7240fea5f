// 'Load more' under a paged list (bugs, solutions, notifications, the audit log): busy while the next page loads,
// hidden after the last. It stays focusable while busy (aria-disabled, not disabled), so keyboard focus is not lost.
// A page that fails to load says so in a live region above the button, which stays to try again.
import './load-more.css';

export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError?: boolean;
  error?: { message: string } | null;
  fetchNextPage: () => Promise<unknown>;
}

export function LoadMore({
  pages,
  label,
  failed = 'More could not be loaded',
}: {
  pages: PagedList;
  label: string;
  /** What the list says when its next page fails to load (the error's own message follows). */
  failed?: string;
}) {
  if (!pages.hasNextPage) return null;
  const failure = pages.isFetchNextPageError && !pages.isFetchingNextPage;
  return (
    <div className="load-more">
      <p className="load-more__failure" role="status" aria-live="polite">
        {failure && `${failed}: ${pages.error?.message ?? 'the server did not answer'}. Try again.`}
      </p>
      <button
        type="button"
        className="button button--ghost"
        aria-disabled={pages.isFetchingNextPage}
        onClick={() => !pages.isFetchingNextPage && void pages.fetchNextPage()}
      >
        {pages.isFetchingNextPage ? 'Loading…' : label}
      </button>
    </div>
  );
}
