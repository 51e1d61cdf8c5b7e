import './console-error.css';

/**
 * A console call that failed: what the server said (or that it could not be reached) and Try again,
 * disabled while the retry runs.
 */
export function ConsoleError({
  error,
  title = 'This could not be loaded.',
  onRetry,
  retrying = false,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <div className="console-error">
      <div role="alert">
        <p className="console-error__title">{title}</p>
        <p className="console-error__message">{errorMessage(error)}</p>
      </div>
      {onRetry ? (
        <button
          type="button"
          className="btn btn--outline btn--small"
          onClick={onRetry}
          disabled={retrying}
          aria-busy={retrying}
        >
          {retrying ? 'Trying again…' : 'Try again'}
        </button>
      ) : null}
    </div>
  );
}

/** The message to show for a failure: the server's, or a plain word for a network failure. */
export function errorMessage(error: unknown): string {
  if (error instanceof TypeError) {
    return 'The shop could not be reached. Check the connection and try again.';
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}
