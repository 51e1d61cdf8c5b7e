import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderLabel as Label } from '@sunward/core/console-labels';
import { formatMoney } from '@sunward/core/money';
import { errorMessage } from '@/shared/console/console-error.tsx';
import { DateTime } from '@/shared/console/console-format.tsx';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.tsx';
import { useBuyLabels } from '../api/buy-labels.ts';
import { useLabels } from '../api/get-labels.ts';
import { orderKeys } from '../api/order-keys.ts';
import { usePrintLabels } from '../api/print-labels.ts';
import { useVoidLabel } from '../api/void-label.ts';

const UNDER_WAY = ['buying', 'voiding'];

/** "9200 0000 ..." as USPS prints it: groups of four. */
export const grouped = (tracking: string) => tracking.replace(/(\w{4})(?=\w)/g, '$1 ');

export const providerWords = (provider: string | null) =>
  provider === 'sandbox' ? 'USPS (sandbox label, not for mailing)' : 'USPS';

/** What a label's void did to its postage. */
export function refundWords(label: Label): string {
  if (label.refund === 'refunded') return 'Postage refunded.';
  if (label.refund === 'requested') return 'Postage refund requested from USPS.';
  return 'No postage refund.';
}

/**
 * The order's shipping label (decision 039): Buy label for an order ready to ship, then its tracking
 * number and postage with Print label and Void label; the carrier's reason when it refused. A purchase
 * or a void runs on the server's job engine: the panel reads the label again each second meanwhile,
 * and the order (its status, tracking and timeline) once it has settled.
 */
export function OrderLabelPanel({ orderNumber }: { orderNumber: string }) {
  const client = useQueryClient();
  const query = useLabels([orderNumber]);
  const buy = useBuyLabels();
  const cancel = useVoidLabel();
  const print = usePrintLabels();
  const [confirming, setConfirming] = useState(false);
  const [checked, setChecked] = useState(false);
  const first = query.data?.labels[0];
  // A purchase the server refused for this order (not ready, not confirmed...): its words.
  const refusedNow = buy.data?.labels.find((l) => !l.ok);
  const label = first?.ok ? first : undefined;
  const state = label?.state;

  // A purchase or void that settled changed the order: read it again. Any change of the label's
  // state, not only one out of buying or voiding: a job quicker than the first read after the click
  // goes from bought to voided (or none to bought) without the panel ever seeing it under way.
  const before = useRef(state);
  useEffect(() => {
    if (before.current && state && before.current !== state && !UNDER_WAY.includes(state)) {
      void client.invalidateQueries({ queryKey: orderKeys.order(orderNumber) });
    }
    before.current = state;
  }, [state, client, orderNumber]);

  if (!label) {
    return query.isError ? (
      <p role="alert" className="console-orders__error">
        The label could not be loaded: {errorMessage(query.error)}
      </p>
    ) : (
      <div className="page-loading" role="status" aria-label="Loading the label" />
    );
  }
  const busy = buy.isPending || UNDER_WAY.includes(label.state);
  // USPS may have made a label it did not answer with: buy again only once its account shows none.
  const mustCheck = label.canBuy && label.needsCheck;
  const buyButton = label.canBuy ? (
    <button
      type="button"
      className="btn btn--primary btn--small"
      disabled={busy || (mustCheck && !checked)}
      aria-busy={buy.isPending}
      onClick={() =>
        buy.mutate(mustCheck ? { orders: [orderNumber], confirmNoLabel: true } : [orderNumber], {
          onSuccess: () => setChecked(false),
        })
      }
    >
      {label.state === 'refused' ? 'Buy label again' : 'Buy label'}
    </button>
  ) : null;

  return (
    <div className="order-label" aria-busy={busy}>
      <p role="status" className="order-label__state">
        {label.state === 'none'
          ? label.canBuy
            ? 'No label yet. Buying one checks the address again and ships the order.'
            : 'No label: one is bought for an order ready to ship.'
          : label.state === 'buying'
            ? 'Buying the label…'
            : label.state === 'voiding'
              ? 'Voiding the label…'
              : label.state === 'bought'
                ? 'Label bought.'
                : label.state === 'voided'
                  ? `Label voided. ${refundWords(label)}`
                  : 'The label was not bought.'}
      </p>
      {label.state === 'refused' ||
      ((label.state === 'bought' || label.state === 'voided') && label.reason) ? (
        <p role="alert" className="console-orders__error">
          {label.reason}
        </p>
      ) : null}
      {label.trackingNumber && label.state !== 'refused' ? (
        <dl className="console-orders__facts order-label__facts">
          <div>
            <dt>Tracking number</dt>
            <dd className="order-label__tracking">{grouped(label.trackingNumber)}</dd>
          </div>
          <div>
            <dt>Postage</dt>
            <dd>{label.postage === null ? '–' : formatMoney(label.postage)}</dd>
          </div>
          <div>
            <dt>Carrier</dt>
            <dd>{providerWords(label.provider)}</dd>
          </div>
          {label.boughtAt ? (
            <div>
              <dt>Bought</dt>
              <dd>
                <DateTime value={label.boughtAt} />
              </dd>
            </div>
          ) : null}
          {label.voidedAt ? (
            <div>
              <dt>Voided</dt>
              <dd>
                <DateTime value={label.voidedAt} />
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {mustCheck ? (
        <label className="order-label__check">
          <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />{' '}
          I checked the USPS account’s shipping history: no label was made for this order
        </label>
      ) : null}
      {refusedNow && !refusedNow.ok ? (
        <p role="alert" className="console-orders__error">
          {refusedNow.message}
        </p>
      ) : null}
      <div className="order-actions__buttons">
        {buyButton}
        {label.state === 'bought' ? (
          <>
            <button
              type="button"
              className="btn btn--primary btn--small"
              disabled={print.isPending}
              aria-busy={print.isPending}
              onClick={() => print.print([orderNumber])}
            >
              Print label
            </button>
            {label.canVoid ? (
              <button
                type="button"
                className="btn btn--outline btn--small"
                onClick={() => setConfirming(true)}
              >
                Void label
              </button>
            ) : null}
          </>
        ) : null}
      </div>
      {[buy.error, print.error, cancel.error].map((error, i) =>
        error ? (
          <p key={i} role="alert" className="console-orders__error">
            {errorMessage(error)}
          </p>
        ) : null,
      )}
      <ConfirmDialog
        open={confirming}
        title={`Void the label of order ${orderNumber}?`}
        confirmLabel="Void label"
        busyLabel="Voiding…"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate(orderNumber, { onSuccess: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Use it only if the parcel has not been handed to USPS. The postage is refunded where USPS
          allows, and the order goes back to in progress, ready to ship, without its tracking
          number.
        </p>
      </ConfirmDialog>
    </div>
  );
}
