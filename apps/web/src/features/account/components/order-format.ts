import { formatLocalDate } from '@sunward/core/dates';
import { canCreateReturn } from '@sunward/core/returns';
import type { Order } from '@sunward/core/checkout-schemas';

/** Spec 2: the status with dashes shown as spaces ('in-progress' -> 'in progress'). */
export const statusLabel = (status: string): string => status.replaceAll('-', ' ');

/** Spec 5: MM/DD/YYYY, the shopper's own calendar date. */
export const orderDate = (iso: string): string => formatLocalDate(iso);

/** The carrier's tracking page for a number (USPS, the shop's only carrier). */
export const trackingUrl = (tracking: string): string =>
  `https://tools.usps.com/go/TrackConfirmAction?tLabels=${encodeURIComponent(tracking)}`;

/** What an order history row offers beside Support and View Details (spec 2 and 4). */
export interface OrderActions {
  cancel: boolean;
  /** The tracking page, when the order is shipped with a tracking number. */
  trackUrl: string | null;
  createReturn: boolean;
  viewReturns: boolean;
}

export function orderActions(order: Order, now: Date = new Date()): OrderActions {
  const tracking = order.tracking?.trim();
  return {
    cancel: order.status === 'pending',
    trackUrl: order.status === 'shipped' && tracking ? trackingUrl(tracking) : null,
    createReturn: canCreateReturn(order, now),
    viewReturns: order.status === 'return' || order.status === 'refund',
  };
}
