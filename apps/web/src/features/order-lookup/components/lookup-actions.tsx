import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Order } from '@sunward/core/checkout-schemas';
import { canCreateReturn } from '@sunward/core/returns';
import { trackPackageUrl } from '@/shared/orders/order-format.ts';
import { ReturnsModal } from '@/shared/orders/returns-modal.tsx';
import { paths } from '@/shared/paths.ts';

/** What the lookup offers for an order (spec 2, Order Lookup; spec 4). */
export interface LookupActions {
  /** The carrier's page: only for a shipped order with a tracking number. */
  trackUrl: string | null;
  /** Spec 4's rule: completed or return, within the window, and something left to return. */
  createReturn: boolean;
  /** Only when the status is return (the lookup's rule; the account also shows it for refund). */
  viewReturns: boolean;
}

export function lookupActions(order: Order, now: Date = new Date()): LookupActions {
  return {
    trackUrl: trackPackageUrl(order),
    createReturn: canCreateReturn(order, now),
    viewReturns: order.status === 'return',
  };
}

/**
 * The lookup's buttons: Support (to /support, the lookup as the way back), Track Package, Create Return
 * (to /return with the order and the email that found it: a guest's proof for the return) and View
 * Returns (the returns dialog).
 */
export function LookupActionButtons({ order, email }: { order: Order; email: string }) {
  const navigate = useNavigate();
  const [returnsOpen, setReturnsOpen] = useState(false);
  const actions = lookupActions(order);
  const { orderNumber } = order;
  return (
    <>
      <div className="lookup-result__actions" role="group" aria-label={`Order ${orderNumber}`}>
        <button
          type="button"
          className="btn btn--outline btn--small"
          onClick={() =>
            void navigate(paths.support.href(), {
              state: { orderNumber, previousUrl: paths.orderLookup.href() },
            })
          }
        >
          Support
        </button>
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
            className="btn btn--primary btn--small"
            onClick={() => void navigate(paths.return.href(), { state: { order, email } })}
          >
            Create Return
          </button>
        ) : null}
        {actions.viewReturns ? (
          <button
            type="button"
            className="btn btn--outline btn--small"
            onClick={() => setReturnsOpen(true)}
          >
            View Returns
          </button>
        ) : null}
      </div>
      <ReturnsModal order={order} open={returnsOpen} onClose={() => setReturnsOpen(false)} />
    </>
  );
}
