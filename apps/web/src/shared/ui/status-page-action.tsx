/**
 * The one thing a status page's link asks for (unsubscribe, confirm an email): the server's refusal,
 * if any, then the button, busy while it runs. Opening the page does nothing; the button does.
 */
export function StatusPageAction({
  error,
  pending,
  label,
  pendingLabel,
  onClick,
}: {
  error: Error | null;
  pending: boolean;
  label: string;
  pendingLabel: string;
  onClick: () => void;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="field__error">
          {error.message}
        </p>
      ) : null}
      <div className="status-page__actions">
        <button type="button" className="btn btn--primary" disabled={pending} onClick={onClick}>
          {pending ? pendingLabel : label}
        </button>
      </div>
    </>
  );
}
