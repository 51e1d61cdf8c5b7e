import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LabelsAnswer } from '@sunward/core/console-labels';
import type { ConsoleOrderSummary } from '@sunward/core/console-orders';
import { formatMoney } from '@sunward/core/money';
import { errorMessage } from '@/shared/console/console-error.tsx';
import { Modal } from '@/shared/ui/modal.tsx';
import { useBuyLabels } from '../api/buy-labels.ts';
import { useLabels } from '../api/get-labels.ts';
import { orderKeys } from '../api/order-keys.ts';
import { usePrintLabels } from '../api/print-labels.ts';
import { grouped } from './order-label.tsx';

type Entry = LabelsAnswer['labels'][number];

/** One order's line in the results: bought (tracking and postage), under way, or why not. */
function resultWords(entry: Entry): ReactNode {
  if (!entry.ok) return entry.message;
  switch (entry.state) {
    case 'buying':
      return 'Buying…';
    case 'bought':
      return (
        <>
          Bought:{' '}
          <span className="labels-dialog__tracking">{grouped(entry.trackingNumber ?? '')}</span>,
          postage {formatMoney(entry.postage ?? 0)}
        </>
      );
    case 'refused':
      return `Not bought: ${entry.reason ?? 'the carrier refused it.'}`;
    case 'voiding':
      return 'Its label is being voided.';
    case 'voided':
      return 'Its label was voided.';
    default:
      return 'No label.';
  }
}

const settledOf = (entry: Entry) =>
  !entry.ok || (entry.state !== 'buying' && entry.state !== 'voiding');

/**
 * Buy labels for the chosen orders in one go (decision 039): each order's purchase runs on the job
 * engine; the dialog shows each as it settles (bought with its tracking number and postage, or the
 * carrier's reason), then Print labels opens one PDF of the bought labels, each followed by its
 * packing slip, in the order chosen.
 */
export function LabelsDialog({
  open,
  orders,
  onClose,
}: {
  open: boolean;
  orders: readonly ConsoleOrderSummary[];
  onClose: () => void;
}) {
  const buy = useBuyLabels();
  const print = usePrintLabels();
  const [asked, setAsked] = useState<string[] | null>(null);
  const results = useLabels(asked ?? [], asked !== null);
  const entries = results.data?.labels ?? buy.data?.labels ?? [];
  const settled = asked !== null && entries.length > 0 && entries.every(settledOf);
  const bought = entries.flatMap((e) => (e.ok && e.state === 'bought' ? [e.orderNumber] : []));
  const client = useQueryClient();
  // The purchases settled: the lists behind the dialog show the orders shipped.
  useEffect(() => {
    if (settled) void client.invalidateQueries({ queryKey: orderKeys.lists });
  }, [settled, client]);

  const close = () => {
    if (buy.isPending) return;
    setAsked(null);
    buy.reset();
    print.reset();
    onClose();
  };
  const start = () => {
    const numbers = orders.map((o) => o.orderNumber);
    buy.mutate(numbers, { onSuccess: () => setAsked(numbers) });
  };
  const count = orders.length;
  const nameOf = (n: string) => orders.find((o) => o.orderNumber === n)?.name ?? '';

  return (
    <Modal open={open} onClose={close} title="Buy labels">
      {asked === null ? (
        <div className="ship-dialog">
          <p>
            A USPS Ground Advantage label for each order, its address checked again first. Each
            order bought is marked shipped with its tracking number, and its customer is emailed.
          </p>
          <ul className="ship-dialog__results">
            {orders.map((o) => (
              <li key={o.orderNumber}>
                <strong>{o.orderNumber}</strong> {o.name}
              </li>
            ))}
          </ul>
          {buy.error ? (
            <p role="alert" className="console-orders__error">
              {errorMessage(buy.error)}
            </p>
          ) : null}
          <div className="ship-dialog__actions">
            <button type="button" className="btn btn--outline" onClick={close}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn--primary"
              disabled={buy.isPending}
              aria-busy={buy.isPending}
              onClick={start}
            >
              {buy.isPending ? 'Buying…' : `Buy ${count} ${count === 1 ? 'label' : 'labels'}`}
            </button>
          </div>
        </div>
      ) : (
        <div className="ship-dialog" aria-busy={!settled}>
          <p role="status">
            {settled
              ? `${bought.length} of ${entries.length} ${entries.length === 1 ? 'label' : 'labels'} bought.`
              : 'Buying labels…'}
          </p>
          <ul className="ship-dialog__results" aria-label="Labels">
            {entries.map((e) => (
              <li
                key={e.orderNumber}
                className={e.ok && e.state === 'bought' ? 'is-ok' : settledOf(e) ? 'is-failed' : ''}
              >
                <strong>{e.orderNumber}</strong> {nameOf(e.orderNumber)}: {resultWords(e)}
              </li>
            ))}
          </ul>
          {print.error ? (
            <p role="alert" className="console-orders__error">
              {errorMessage(print.error)}
            </p>
          ) : null}
          <div className="ship-dialog__actions">
            <button type="button" className="btn btn--outline" onClick={close}>
              Done
            </button>
            <button
              type="button"
              className="btn btn--primary"
              disabled={!settled || bought.length === 0 || print.isPending}
              aria-busy={print.isPending}
              onClick={() => print.print(bought)}
            >
              {bought.length > 1 ? `Print ${bought.length} labels` : 'Print label'}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
