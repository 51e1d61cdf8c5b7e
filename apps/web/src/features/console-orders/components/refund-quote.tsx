import type { RefundQuote } from '@sunward/core/console-orders';
import { formatMoney } from '@sunward/core/money';
import { errorMessage } from '@/shared/console/console-error.tsx';

/** What the server says the pick comes to, line by line, or why it cannot be refunded. */
export function RefundQuoteView({
  picked,
  quote,
  loading,
  error,
}: {
  picked: boolean;
  quote: RefundQuote | null;
  loading: boolean;
  error: unknown;
}) {
  if (!picked) {
    return (
      <p className="refund-quote console-orders__muted">
        Choose shirts or the shipping, or enter an amount.
      </p>
    );
  }
  if (error) {
    return (
      <p role="alert" className="refund-quote console-orders__error">
        {errorMessage(error)}
      </p>
    );
  }
  if (loading || !quote) {
    return (
      <p className="refund-quote console-orders__muted" role="status">
        Working out the amount…
      </p>
    );
  }
  return (
    <div className="refund-quote" role="status">
      <p>
        The server will refund <strong>{formatMoney(quote.amount)}</strong>.
      </p>
      {quote.lines.length || quote.shipping ? (
        <ul className="refund-quote__lines">
          {quote.lines.map((l) => (
            <li key={l.line}>
              Line {l.line}: {l.quantity} × {formatMoney(l.unitAmount)} + {formatMoney(l.tax)} tax ={' '}
              {formatMoney(l.amount)}
            </li>
          ))}
          {quote.shipping ? <li>Shipping: {formatMoney(quote.shipping)}</li> : null}
        </ul>
      ) : null}
    </div>
  );
}
