import { useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type {
  ConsoleOrderDetail,
  RefundAnswer,
  RefundPickRequest,
} from '@sunward/core/console-orders';
import { REFUND_REASON_MAX } from '@sunward/core/console-orders';
import { designTitle } from '@sunward/core/designs';
import { formatMoney } from '@sunward/core/money';
import { sizeLabel } from '@sunward/core/sizes';
import { FieldMessage, FormAlert, invalidProps } from '@/shared/console/field-message.tsx';
import { setServerErrors } from '@/shared/console/server-errors.ts';
import { Modal } from '@/shared/ui/modal.tsx';
import { useRefundOrder } from '../api/refund-order.ts';
import { useRefundQuote } from '../api/quote-refund.ts';
import { useDebounced } from '../hooks/use-debounced.ts';
import { useIdempotencyKey } from '@/shared/console/idempotency-key.ts';
import { refundFormSchema, refundPick, type RefundFormValues } from './refund-form.ts';
import { RefundQuoteView } from './refund-quote.tsx';

const EMPTY: RefundFormValues = {
  mode: 'items',
  quantities: {},
  shipping: false,
  amount: '',
  reason: '',
};

/**
 * Refund: shirts by line and/or the shipping, or an amount, with a reason (a React Hook Form form over
 * core's refund schemas; the server's field messages land on their fields). The server works out what
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
  const form = useForm<RefundFormValues, unknown, z.output<typeof refundFormSchema>>({
    defaultValues: EMPTY,
    resolver: zodResolver(refundFormSchema),
  });
  const { register, control, formState } = form;
  const values = useWatch({ control }) as RefundFormValues;
  const [key, renewKey] = useIdempotencyKey();
  const [result, setResult] = useState<RefundAnswer | null>(null);
  const refund = useRefundOrder(orderNumber);
  const busy = formState.isSubmitting || refund.isPending;

  // One object per pick (not per render), so the quote is asked for once the pick has settled.
  const pickText = JSON.stringify(refundPick(values));
  const pick = useMemo(() => JSON.parse(pickText) as RefundPickRequest | null, [pickText]);
  const settled = useDebounced(pick);
  const quote = useRefundQuote(orderNumber, settled);
  const current = settled === pick && quote.data && !quote.isFetching ? quote.data : null;
  const reason = values.reason.trim();

  const close = () => {
    if (busy) return;
    form.reset(EMPTY);
    setResult(null);
    refund.reset();
    renewKey();
    onClose();
  };
  const confirm = form.handleSubmit(async (request) => {
    if (!current || refund.isPending) return;
    try {
      setResult(await refund.mutateAsync({ ...request, idempotencyKey: key }));
    } catch (failure) {
      setServerErrors(form.setError, failure, {
        toField: (path) => (path === 'amount' || path === 'reason' ? path : null),
      });
    }
  });
  const amountError = formState.errors.amount?.message;
  const reasonError = formState.errors.reason?.message;

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
        <form className="refund-dialog" onSubmit={(event) => void confirm(event)}>
          <p>Left to refund: {formatMoney(detail.payment.left)}</p>
          <fieldset className="refund-dialog__mode">
            <legend>Refund</legend>
            <label>
              <input type="radio" value="items" {...register('mode')} />
              Shirts and shipping
            </label>
            <label>
              <input type="radio" value="amount" {...register('mode')} />
              An amount
            </label>
          </fieldset>
          {values.mode === 'items' ? (
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
                      disabled={left === 0}
                      {...register(`quantities.${line.line}`, { valueAsNumber: true })}
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
                  disabled={detail.shippingRefunded || shippingCharge === 0}
                  {...register('shipping')}
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
                {...invalidProps(amountError, 'refund-amount-error')}
                aria-invalid={Boolean(amountError) || (values.amount !== '' && pick === null)}
                {...register('amount')}
              />
              <FieldMessage id="refund-amount-error" message={amountError} />
            </label>
          )}
          <label className="refund-dialog__reason">
            Reason (kept with the refund)
            <textarea
              className="console-control"
              rows={2}
              required
              maxLength={REFUND_REASON_MAX}
              {...invalidProps(reasonError, 'refund-reason-error')}
              {...register('reason')}
            />
            <FieldMessage id="refund-reason-error" message={reasonError} />
          </label>
          <RefundQuoteView
            picked={pick !== null}
            quote={current}
            loading={pick !== null && !current && !quote.isError}
            error={settled === pick ? quote.error : null}
          />
          <FormAlert errors={formState.errors} className="console-orders__error" />
          <div className="ship-dialog__actions">
            <button type="button" className="btn btn--outline" onClick={close} disabled={busy}>
              Cancel
            </button>
            <button
              type="submit"
              className="btn btn--primary"
              disabled={!current || !reason || busy}
              aria-busy={busy}
            >
              {busy ? 'Refunding…' : current ? `Refund ${formatMoney(current.amount)}` : 'Refund'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
