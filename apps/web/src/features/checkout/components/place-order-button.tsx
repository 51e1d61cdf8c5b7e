/** Spec 4 and 5: Place Order, disabled until everything is in, busy while the payment is confirmed. */
export function PlaceOrderButton(props: {
  disabled: boolean;
  submitting: boolean;
  missing: readonly string[];
  onClick: () => void;
}) {
  const hint =
    props.missing.length > 0 ? `To place your order, add ${listOf(props.missing)}.` : null;
  return (
    <div className="place-order">
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
