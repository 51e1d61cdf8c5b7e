import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Order } from '@sunward/core/checkout-schemas';
import { useOneAtATime } from '@/shared/hooks/use-one-at-a-time.ts';
import { paths } from '@/shared/paths.ts';
import { toast } from '@/shared/toast/toast-store.ts';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.tsx';
import { useCancelOrder } from '../api/cancel-order.ts';
import { OrderDetailModal } from './order-detail-modal.tsx';
import { orderDate, statusLabel } from '@/shared/orders/order-format.ts';
import { ReturnsModal } from '@/shared/orders/returns-modal.tsx';
import { orderActions } from './order-format.ts';

type Dialog = 'details' | 'returns' | 'cancel' | null;

/**
 * One order in the history (spec 2 and 4): Order #, Status, Date, and its buttons: Support, View
 * Details, Cancel Order (pending), Track Package (shipped with tracking), Create Return (spec 4's
 * rule), View Returns (return or refund).
 */
export function OrderRow({ order, userId }: { order: Order; userId: string }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const cancel = useCancelOrder(userId);
  const cancelling = useOneAtATime();
  const detailsButton = useRef<HTMLButtonElement>(null);
  // A dialog has closed (counted): when its opener is gone (Cancel Order, once cancelled), focus would
  // drop to the page's start; it goes on from this row's View Details instead. A passive effect, so it
  // runs after the dialog's own focus return in the same commit.
  const [closedDialogs, setClosedDialogs] = useState(0);
  useEffect(() => {
    if (closedDialogs === 0) return;
    const active = document.activeElement;
    if (!active || active === document.body) detailsButton.current?.focus();
  }, [closedDialogs]);
  const actions = orderActions(order);
  const { orderNumber } = order;

  const confirmCancel = () => {
    if (!cancelling.start()) return;
    cancel.mutate(orderNumber, {
      onSuccess: () =>
        toast.success(`Order ${orderNumber} is cancelled. Your refund is on its way.`),
      onError: (error) => toast.error(error.message),
      onSettled: () => {
        cancelling.done();
        setDialog(null);
      },
    });
  };

  return (
    <li className="order-row">
      <dl className="order-row__facts">
        <div className="order-row__fact">
          <dt>Order #</dt>
          <dd className="order-row__number">{orderNumber}</dd>
        </div>
        <div className="order-row__fact">
          <dt>Status</dt>
          <dd>
            <span className={`order-status order-status--${order.status}`}>
              {statusLabel(order.status)}
            </span>
          </dd>
        </div>
        <div className="order-row__fact">
          <dt>Date</dt>
          <dd>
            <time dateTime={order.createdAt}>{orderDate(order.createdAt)}</time>
          </dd>
        </div>
      </dl>
      <div className="order-row__actions" role="group" aria-label={`Order ${orderNumber}`}>
        <button
          type="button"
          className="btn btn--outline btn--small"
          onClick={() =>
            void navigate(paths.support.href(), {
              state: { orderNumber, previousUrl: paths.account.href() },
            })
          }
        >
          Support
        </button>
        <button
          ref={detailsButton}
          type="button"
          className="btn btn--outline btn--small"
          onClick={() => setDialog('details')}
        >
          View Details
        </button>
        {actions.cancel ? (
          <button
            type="button"
            className="btn btn--outline btn--small order-row__cancel"
            onClick={() => setDialog('cancel')}
          >
            Cancel Order
          </button>
        ) : null}
        {actions.trackUrl ? (
          <a
            className="btn btn--outline btn--small"
            href={actions.trackUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            Track Package
          </a>
        ) : null}
        {actions.createReturn ? (
          <button
            type="button"
            className="btn btn--outline btn--small"
            onClick={() => void navigate(paths.return.href(), { state: { order } })}
          >
            Create Return
          </button>
        ) : null}
        {order.status === 'completed' || order.status === 'return' ? (
          <Link
            className="btn btn--outline btn--small"
            to={paths.review.href({ order: orderNumber })}
          >
            Write a review
          </Link>
        ) : null}
        {actions.viewReturns ? (
          <button
            type="button"
            className="btn btn--outline btn--small"
            onClick={() => setDialog('returns')}
          >
            View Returns
          </button>
        ) : null}
      </div>

      <OrderDetailModal order={order} open={dialog === 'details'} onClose={() => setDialog(null)} />
      <ReturnsModal order={order} open={dialog === 'returns'} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={dialog === 'cancel'}
        title="Are you sure?"
        confirmLabel="Yes, Cancel Order"
        busyLabel="Cancelling…"
        cancelLabel="Keep Order"
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setDialog(null)}
        onClosed={() => setClosedDialogs((n) => n + 1)}
      >
        <p>
          Order {orderNumber} will be cancelled and its full amount refunded to your card. This
          cannot be undone.
        </p>
      </ConfirmDialog>
    </li>
  );
}
