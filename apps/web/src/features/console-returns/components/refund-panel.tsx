import { useId, useRef, useState } from 'react';
import type { ReturnDetail } from '@sunward/core/console-returns-schemas';
import { formatMoney } from '@sunward/core/money';
import { cardBrandLabel } from '@sunward/core/card';
import { errorMessage } from '@/shared/console/console-error.tsx';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.tsx';
import { newIdempotencyKey } from '@/shared/console/idempotency-key.ts';
import { useRefundReturn } from '../api/refund-return.ts';
import { dollarsText, parseDollars } from '@/shared/console/dollar-input.ts';

/** Why the typed amount cannot be refunded, or null. */
function amountProblem(cents: number | null, most: number): string | null {
  if (cents === null || cents <= 0) return 'Enter an amount in dollars, like 47.14.';
  if (cents > most) return `At most ${formatMoney(most)} for this return.`;
  return null;
}

/**
 * Refund the return through the payment provider: the amount the server computed when the return was
 * made (less for a damaged shirt, with a reason the customer's email quotes), without receipt only
 * when the operator says so, and only after a confirm that names the amount and the card.
 */
export function RefundPanel({ detail }: { detail: ReturnDetail }) {
  const id = useId();
  const refund = useRefundReturn(detail.id);
  const [amount, setAmount] = useState(dollarsText(detail.refundAmount));
  const [reason, setReason] = useState('');
  const [withoutReceipt, setWithoutReceipt] = useState(false);
  const [asking, setAsking] = useState(false);
  const [shown, setShown] = useState(false);
  // One key per confirmed refund: a retry after a lost answer is the same refund.
  const key = useRef<string | null>(null);

  const cents = parseDollars(amount);
  const problem = amountProblem(cents, detail.refundAmount);
  const needsReceipt = !detail.actions.refund && !withoutReceipt;
  const left = detail.order.total - detail.order.amountRefunded;
  const { brand, last4 } = detail.order.card;
  const card =
    brand && last4 ? `the ${cardBrandLabel(brand)} card ending in ${last4}` : 'the card paid with';
  const changed = () => {
    key.current = null;
    refund.reset();
  };

  const ask = () => {
    setShown(true);
    if (problem || needsReceipt) return;
    key.current ??= newIdempotencyKey();
    setAsking(true);
  };
  const confirm = () => {
    if (cents === null || !key.current) return;
    refund.mutate(
      {
        amount: cents,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        withoutReceipt: !detail.actions.refund && withoutReceipt,
        idempotencyKey: key.current,
      },
      {
        onSuccess: () => {
          key.current = null;
          setAsking(false);
        },
      },
    );
  };

  return (
    <section className="console-returns__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="console-returns__heading">
        Refund
      </h2>
      <p className="console-returns__hint">
        This return refunds {formatMoney(detail.refundAmount)}; {formatMoney(left)} is left to
        refund on the order.
      </p>
      <div className="console-returns__form">
        <div className="console-returns__field">
          <label htmlFor={`${id}-amount`}>Amount (USD)</label>
          <input
            id={`${id}-amount`}
            className="console-control"
            inputMode="decimal"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              changed();
            }}
            aria-invalid={shown && problem ? true : undefined}
            aria-describedby={shown && problem ? `${id}-amount-error` : undefined}
          />
          {shown && problem ? (
            <p id={`${id}-amount-error`} className="console-returns__error">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="console-returns__field">
          <label htmlFor={`${id}-reason`}>Reason (optional; in the customer’s email if less)</label>
          <input
            id={`${id}-reason`}
            className="console-control"
            maxLength={500}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              changed();
            }}
          />
        </div>
        {!detail.actions.refund ? (
          <label className="console-returns__check">
            <input
              type="checkbox"
              checked={withoutReceipt}
              onChange={(e) => {
                setWithoutReceipt(e.target.checked);
                changed();
              }}
            />
            Refund without receipt (the parcel was lost, or a goodwill refund)
          </label>
        ) : null}
        {shown && needsReceipt ? (
          <p className="console-returns__error">
            Mark the return received first, or tick Refund without receipt.
          </p>
        ) : null}
        <div>
          <button
            type="button"
            className="btn btn--primary"
            onClick={ask}
            disabled={refund.isPending}
          >
            Refund…
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={asking}
        title="Refund this return?"
        confirmLabel={`Yes, refund ${cents !== null ? formatMoney(cents) : ''}`}
        busyLabel="Refunding…"
        busy={refund.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p>
          {cents !== null ? formatMoney(cents) : ''} goes back to {card} for order{' '}
          {detail.order.orderNumber}, and the customer is emailed. This cannot be undone.
        </p>
        {refund.isError ? (
          <p role="alert" className="console-returns__error">
            {errorMessage(refund.error)}
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
