// A call that failed for a reason other than "not found" (a 5xx, the server out of reach): say so truthfully, with
// what failed and a way to try again, instead of the 404 view.
interface LoadErrorProps {
  /** What could not be loaded, as it starts a sentence: 'The course', 'Users'. */
  what: string;
  error: Error;
  onRetry: () => void;
  /** The whole page failed (its heading is the page's h1); otherwise one section of a page that still works. */
  page?: boolean;
}

export function LoadError({ what, error, onRetry, page = false }: LoadErrorProps) {
  const Heading = page ? 'h1' : 'h2';
  return (
    <section className={page ? 'load-error load-error--page container' : 'load-error'} role="alert">
      <Heading className="load-error__title">Something went wrong</Heading>
      <p>
        {what} could not be loaded: {error.message}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </section>
  );
}
