import { formatMoney } from '@sunward/core/money';

/**
 * Spec 4 and 5: Place Order, disabled until everything is in, busy while the payment is confirmed. On a
 * phone the summary comes after it, so the total the shopper pays (the server's, as in the summary)
 * is repeated just above the button.
 */
export function PlaceOrderButton(props: {
  /** The server's total for the choices on screen; null until there is one. */
  total: number | null;
  disabled: boolean;
  submitting: boolean;
  missing: readonly string[];
  onClick: () => void;
}) {
  const hint =
    props.missing.length > 0 ? `To place your order, add ${listOf(props.missing)}.` : null;
  return (
    <div className="place-order">
      {props.total !== null ? (
        <p className="place-order__total">
          <span>Total</span>
          <strong>{formatMoney(props.total)}</strong>
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn--primary btn--block place-order__button"
        disabled={props.disabled}
        aria-busy={props.submitting || undefined}
        aria-describedby={hint ? 'place-order-hint' : undefined}
        onClick={props.onClick}
      >
        {props.submitting ? (
          <>
            <span className="spinner" aria-hidden="true" />
            Placing order…
          </>
        ) : (
          'Place Order'
        )}
      </button>
      {hint ? (
        <p className="place-order__hint" id="place-order-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
