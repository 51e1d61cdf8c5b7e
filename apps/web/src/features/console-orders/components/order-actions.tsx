import { useState, type FormEvent } from 'react';
import { CARRIER_NAMES, CARRIERS, type Carrier } from '@sunward/core/carriers';
import type { ConsoleOrderDetail } from '@sunward/core/console-orders';
import { formatMoney } from '@sunward/core/money';
import type { OrderStatus } from '@sunward/core/order-status';
import { errorMessage } from '@/shared/console/console-error.tsx';
import { statusLook } from '@/shared/console/status-badge.tsx';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.tsx';
import { Modal } from '@/shared/ui/modal.tsx';
import { useChangeOrderStatus, type StatusChange } from '../api/change-order-status.ts';

/** The button for a change the order allows now, in an operator's words. */
function actionLabel(from: string, to: OrderStatus): string {
  if (to === 'in-progress') return 'Start fulfilment';
  if (to === 'shipped') return 'Mark shipped';
  if (to === 'cancelled') return 'Cancel and refund';
  if (to === 'completed') return from === 'return' ? 'Close return' : 'Mark delivered';
  return `Move to ${statusLook('order', to).label}`;
}

/**
 * What can be done to the order now (the server's `allowedStatuses`, through PATCH
 * /api/orders/status): Start fulfilment, Mark shipped (carrier and tracking number), Mark delivered,
 * Cancel and refund (confirmed first: money moves). Each button is disabled while a change runs; the
 * result shows once the server has answered.
 */
export function OrderActions({ detail }: { detail: ConsoleOrderDetail }) {
  const change = useChangeOrderStatus();
  const [asking, setAsking] = useState<'shipped' | 'cancelled' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { order, allowedStatuses, payment } = detail;

  const run = (request: Omit<StatusChange, 'orderNumber'>) => {
    setDone(null);
    change.mutate(
      { orderNumber: order.orderNumber, ...request },
      {
        onSuccess: (now) => {
          setAsking(null);
          setDone(`The order is now ${statusLook('order', now.status).label.toLowerCase()}.`);
        },
      },
    );
  };
  const shipSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    run({
      status: 'shipped',
      carrier: String(data.get('carrier')) as Carrier,
      tracking: String(data.get('tracking') ?? '').trim(),
    });
  };

  if (!allowedStatuses.length) {
    // The change just made (Mark delivered, Cancel) stays announced after its buttons go.
    return (
      <div className="order-actions">
        <p role="status" className="order-actions__done">
          {done}
        </p>
        <p className="console-orders__muted">No status change is possible for this order.</p>
      </div>
    );
  }
  return (
    <div className="order-actions">
      <div className="order-actions__buttons">
        {allowedStatuses.map((to) => (
          <button
            key={to}
            type="button"
            className={
              to === 'cancelled' ? 'btn btn--outline btn--small' : 'btn btn--primary btn--small'
            }
            disabled={change.isPending}
            onClick={() =>
              to === 'shipped' || to === 'cancelled' ? setAsking(to) : run({ status: to })
            }
          >
            {actionLabel(order.status, to)}
          </button>
        ))}
      </div>
      <p role="status" className="order-actions__done">
        {done}
      </p>
      {change.error && !asking ? (
        <p role="alert" className="console-orders__error">
          {errorMessage(change.error)}
        </p>
      ) : null}

      <Modal
        open={asking === 'shipped'}
        onClose={() => !change.isPending && setAsking(null)}
        title="Mark shipped"
      >
        <form className="ship-dialog" onSubmit={shipSubmit}>
          <label>
            Carrier
            <select
              name="carrier"
              className="console-control"
              defaultValue={order.carrier ?? 'usps'}
            >
              {CARRIERS.map((c) => (
                <option key={c} value={c}>
                  {CARRIER_NAMES[c]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Tracking number
            <input
              name="tracking"
              className="console-control"
              required
              maxLength={60}
              autoComplete="off"
              spellCheck={false}
              data-autofocus
            />
          </label>
          <p className="console-orders__muted">
            The customer gets an email with the tracking link.
          </p>
          {change.error ? (
            <p role="alert" className="console-orders__error">
              {errorMessage(change.error)}
            </p>
          ) : null}
          <div className="ship-dialog__actions">
            <button
              type="button"
              className="btn btn--outline"
              onClick={() => setAsking(null)}
              disabled={change.isPending}
            >
              Cancel
            </button>
            <button
              type="submit"
              className="btn btn--primary"
              disabled={change.isPending}
              aria-busy={change.isPending}
            >
              {change.isPending ? 'Marking shipped…' : 'Mark shipped'}
            </button>
          </div>
        </form>
      </Modal>

      <ConfirmDialog
        open={asking === 'cancelled'}
        title={`Cancel order ${order.orderNumber}?`}
        confirmLabel="Cancel and refund"
        busyLabel="Cancelling…"
        busy={change.isPending}
        onConfirm={() => run({ status: 'cancelled', reason: 'cancelled by the shop' })}
        onCancel={() => setAsking(null)}
      >
        <p>
          {payment.left > 0
            ? `${formatMoney(payment.left)} goes back to the customer's card.`
            : 'Nothing is left to refund.'}{' '}
          The shirts go back into stock and the customer is emailed.
        </p>
        {change.error ? (
          <p role="alert" className="console-orders__error">
            {errorMessage(change.error)}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
