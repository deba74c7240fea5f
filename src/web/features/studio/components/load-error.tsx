// A Studio call that failed for a reason other than access (the server down, a 5xx): what failed and a retry.
export function LoadError({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <div className="studio-error" role="alert">
      <p>
        {what[0].toUpperCase() + what.slice(1)} could not be loaded: {error.message}
      </p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
