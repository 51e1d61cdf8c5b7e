import type { OrderListFilters } from '@sunward/core/console-orders';
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES } from '@sunward/core/order-payment';
import { ORDER_STATUSES, isOrderStatus } from '@sunward/core/order-status';
import type { FilterField } from '@/shared/console/filter-bar.tsx';
import { statusLook } from '@/shared/console/status-badge.tsx';

export const FILTER_NAMES = ['status', 'payment', 'from', 'to', 'q'] as const;

/** The orders list's filters, kept in the URL by the FilterBar. */
export const ORDER_FILTER_FIELDS: FilterField[] = [
  {
    type: 'select',
    name: 'status',
    label: 'Fulfilment',
    options: [
      { value: '', label: 'All' },
      ...ORDER_STATUSES.map((s) => ({ value: s, label: statusLook('order', s).label })),
    ],
  },
  {
    type: 'select',
    name: 'payment',
    label: 'Payment',
    options: [
      { value: '', label: 'All' },
      ...PAYMENT_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] })),
    ],
  },
  { type: 'date', name: 'from', label: 'From' },
  { type: 'date', name: 'to', label: 'To' },
  { type: 'search', name: 'q', label: 'Search', maxLength: 100 },
];

/**
 * The server's filters for the URL's values: statuses it knows, dates and the search as typed (the
 * server checks them and says what is wrong).
 */
export function filtersOf(values: Record<(typeof FILTER_NAMES)[number], string>): OrderListFilters {
  const payment = (PAYMENT_STATUSES as readonly string[]).includes(values.payment)
    ? (values.payment as OrderListFilters['payment'])
    : undefined;
  return {
    ...(isOrderStatus(values.status) ? { status: values.status } : {}),
    ...(payment ? { payment } : {}),
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
    ...(values.q.trim() ? { q: values.q.trim() } : {}),
  };
}
