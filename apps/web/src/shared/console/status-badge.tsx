import './status-badge.css';

/** What a status belongs to: each kind has its own words and colours. */
export type StatusKind = 'order' | 'payment' | 'return' | 'email' | 'review';

type Tone = 'neutral' | 'info' | 'progress' | 'success' | 'warning' | 'danger';

/**
 * The words and tone of each known status. Statuses arrive as the server writes them (kebab-case or
 * snake_case); one not listed here still shows, as its own words in the neutral tone.
 */
const STATUSES: Record<StatusKind, Record<string, { label: string; tone: Tone }>> = {
  // packages/core/src/order-status.ts: the seven statuses of the order's machine.
  order: {
    pending: { label: 'Pending', tone: 'warning' },
    'in-progress': { label: 'In progress', tone: 'progress' },
    shipped: { label: 'Shipped', tone: 'info' },
    completed: { label: 'Completed', tone: 'success' },
    cancelled: { label: 'Cancelled', tone: 'neutral' },
    return: { label: 'Return', tone: 'warning' },
    refund: { label: 'Refund', tone: 'neutral' },
  },
  payment: {
    paid: { label: 'Paid', tone: 'success' },
    'partly-refunded': { label: 'Partly refunded', tone: 'warning' },
    'partially-refunded': { label: 'Partly refunded', tone: 'warning' },
    refunded: { label: 'Refunded', tone: 'neutral' },
    unpaid: { label: 'Unpaid', tone: 'danger' },
  },
  return: {
    requested: { label: 'Requested', tone: 'warning' },
    'label-sent': { label: 'Label sent', tone: 'info' },
    'on-its-way': { label: 'On its way', tone: 'info' },
    received: { label: 'Received', tone: 'progress' },
    refunded: { label: 'Refunded', tone: 'success' },
    exchanged: { label: 'Exchanged', tone: 'success' },
    closed: { label: 'Closed', tone: 'neutral' },
  },
  // The email outbox (features/email): queued -> sending -> sent (SMTP) or logged (no SMTP), or failed.
  email: {
    queued: { label: 'Queued', tone: 'info' },
    sending: { label: 'Sending', tone: 'progress' },
    sent: { label: 'Sent', tone: 'success' },
    logged: { label: 'Logged', tone: 'success' },
    failed: { label: 'Failed', tone: 'danger' },
  },
  // Reviews (issue 29): new ones wait in the queue; only published ones are shown to shoppers.
  review: {
    new: { label: 'New', tone: 'warning' },
    published: { label: 'Published', tone: 'success' },
    hidden: { label: 'Hidden', tone: 'neutral' },
  },
};

/** "partly_refunded" -> "Partly refunded": a status's own words when it is not a known one. */
const words = (status: string) => {
  const text = status.replace(/[-_]+/g, ' ').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Unknown';
};

/** The label and tone of a status of a kind. */
export function statusLook(kind: StatusKind, status: string): { label: string; tone: Tone } {
  const known = STATUSES[kind][status.toLowerCase().replace(/_/g, '-')];
  return known ?? { label: words(status), tone: 'neutral' };
}

/**
 * A status as a small badge: its words always (colour is never the only sign), its tone as colour and
 * a marker shape, so it reads in greyscale too.
 */
export function StatusBadge({ kind, status }: { kind: StatusKind; status: string }) {
  const { label, tone } = statusLook(kind, status);
  return (
    <span className={`status-badge status-badge--${tone}`} data-status={status}>
      {label}
    </span>
  );
}
