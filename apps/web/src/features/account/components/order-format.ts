import { canCreateReturn } from '@sunward/core/returns';
import type { Order } from '@sunward/core/checkout-schemas';
import { trackPackageUrl } from '@/shared/orders/order-format.ts';

/** What an order history row offers beside Support and View Details (spec 2 and 4). */
export interface OrderActions {
  cancel: boolean;
  /** The tracking page, when the order is shipped with a tracking number. */
  trackUrl: string | null;
  createReturn: boolean;
  viewReturns: boolean;
}

export function orderActions(order: Order, now: Date = new Date()): OrderActions {
  return {
    cancel: order.status === 'pending',
    trackUrl: trackPackageUrl(order),
    createReturn: canCreateReturn(order, now),
    viewReturns: order.status === 'return' || order.status === 'refund',
  };
}
