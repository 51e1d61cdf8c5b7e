import { useMemo, useState } from 'react';
import type {
  ConsoleOrderDetail,
  RefundAnswer,
  RefundPickRequest,
} from '@sunward/core/console-orders';
import { REFUND_REASON_MAX } from '@sunward/core/console-orders';
import { designTitle } from '@sunward/core/designs';
import { formatMoney } from '@sunward/core/money';
import { sizeLabel } from '@sunward/core/sizes';
import { errorMessage } from '@/shared/console/console-error.tsx';
import { Modal } from '@/shared/ui/modal.tsx';
import { useRefundOrder } from '../api/refund-order.ts';
import { useRefundQuote } from '../api/quote-refund.ts';
import { parseDollars } from '@/shared/console/dollar-input.ts';
import { useDebounced } from '../hooks/use-debounced.ts';
import { useIdempotencyKey } from '@/shared/console/idempotency-key.ts';
import { RefundQuoteView } from './refund-quote.tsx';

/**
 * Refund: shirts by line and/or the shipping, or an amount, with a reason. The server works out what
 * the pick comes to (shown before confirming); Refund sends it with one idempotency key per refund, its
 * button disabled while the server works, and the answer says what was refunded.
 */
export function RefundDialog({
  detail,
  open,
  onClose,
}: {
  detail: ConsoleOrderDetail;
  open: boolean;
  onClose: () => void;
}) {
  const orderNumber = detail.order.orderNumber;
  const [mode, setMode] = useState<'items' | 'amount'>('items');
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [shipping, setShipping] = useState(false);
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [key, renewKey] = useIdempotencyKey();
  const [result, setResult] = useState<RefundAnswer | null>(null);
  const refund = useRefundOrder(orderNumber);

  const pick = useMemo((): RefundPickRequest | null => {
    if (mode === 'amount') {
      const amount = parseDollars(amountText);
      return amount === null || amount <= 0 ? null : { amount };
    }
    const items = Object.entries(quantities)
      .filter(([, quantity]) => quantity > 0)
      .map(([line, quantity]) => ({ line: Number(line), quantity }));
    return items.length || shipping ? { items, shipping } : null;
  }, [mode, amountText, quantities, shipping]);
  const settled = useDebounced(pick);
  const quote = useRefundQuote(orderNumber, settled);
  const current = settled === pick && quote.data && !quote.isFetching ? quote.data : null;

  const close = () => {
    if (refund.isPending) return;
    setQuantities({});
    setShipping(false);
    setAmountText('');
    setReason('');
    setResult(null);
    refund.reset();
    renewKey();
    onClose();
  };
  const confirm = () => {
    if (!pick || !current || !reason.trim()) return;
    refund.mutate(
      { ...pick, reason: reason.trim(), idempotencyKey: key },
      { onSuccess: (answer) => setResult(answer) },
    );
  };

  const shippingCharge = detail.order.shippingRate;
  return (
    <Modal open={open} onClose={close} title={`Refund order ${orderNumber}`}>
      {result ? (
        <div className="refund-dialog">
          <p role="status">
            Refunded {formatMoney(result.refund.amount)}
            {result.created ? '' : ' (this refund had already been made)'}. The customer is emailed.
            Left to refund: {formatMoney(result.left)}.
          </p>
          <div className="ship-dialog__actions">
            <button type="button" className="btn btn--primary" onClick={close} data-autofocus>
              Done
            </button>
          </div>
        </div>
      ) : (
        <form
          className="refund-dialog"
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <p>Left to refund: {formatMoney(detail.payment.left)}</p>
          <fieldset className="refund-dialog__mode">
            <legend>Refund</legend>
            <label>
              <input
                type="radio"
                name="mode"
                checked={mode === 'items'}
                onChange={() => setMode('items')}
              />
              Shirts and shipping
            </label>
            <label>
              <input
                type="radio"
                name="mode"
                checked={mode === 'amount'}
                onChange={() => setMode('amount')}
              />
              An amount
            </label>
          </fieldset>
          {mode === 'items' ? (
            <fieldset className="refund-dialog__lines">
              <legend>Shirts to refund</legend>
              {detail.lines.map((line) => {
                const left = line.quantity - line.refundedUnits;
                return (
                  <label key={line.line} className="refund-dialog__line">
                    <span>
                      {designTitle(line.design)}, {sizeLabel(line.size)}, {line.position} (
                      {formatMoney(line.unitAmount)}; {left} of {line.quantity} left)
                    </span>
                    <select
                      className="console-control"
                      value={quantities[line.line] ?? 0}
                      disabled={left === 0}
                      onChange={(event) => {
                        const quantity = Number(event.currentTarget.value);
                        setQuantities((now) => ({ ...now, [line.line]: quantity }));
                      }}
                    >
                      {Array.from({ length: left + 1 }, (_, n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </label>
                );
              })}
              <label className="refund-dialog__shipping">
                <input
                  type="checkbox"
                  checked={shipping}
                  disabled={detail.shippingRefunded || shippingCharge === 0}
                  onChange={(event) => setShipping(event.currentTarget.checked)}
                />
                Shipping ({shippingCharge === 0 ? 'free' : formatMoney(shippingCharge)}
                {detail.shippingRefunded ? ', already refunded' : ''})
              </label>
            </fieldset>
          ) : (
            <label className="refund-dialog__amount">
              Amount in dollars
              <input
                className="console-control"
                inputMode="decimal"
                value={amountText}
                aria-invalid={amountText !== '' && pick === null}
                onChange={(event) => setAmountText(event.currentTarget.value)}
              />
            </label>
          )}
          <label className="refund-dialog__reason">
            Reason (kept with the refund)
            <textarea
              className="console-control"
              rows={2}
              required
              maxLength={REFUND_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
          </label>
          <RefundQuoteView
            picked={pick !== null}
            quote={current}
            loading={pick !== null && !current && !quote.isError}
            error={settled === pick ? quote.error : null}
          />
          {refund.error ? (
            <p role="alert" className="console-orders__error">
              {errorMessage(refund.error)}
            </p>
          ) : null}
          <div className="ship-dialog__actions">
            <button
              type="button"
              className="btn btn--outline"
              onClick={close}
              disabled={refund.isPending}
            >
              Cancel
            </button>
            <button
              type="submit"
              className="btn btn--primary"
              disabled={!current || !reason.trim() || refund.isPending}
              aria-busy={refund.isPending}
            >
              {refund.isPending
                ? 'Refunding…'
                : current
                  ? `Refund ${formatMoney(current.amount)}`
                  : 'Refund'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
