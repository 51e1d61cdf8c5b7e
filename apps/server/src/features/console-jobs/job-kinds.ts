/**
 * The kinds of job the shop runs, for the console's jobs screen: each with a name people read, what it
 * does, and what one job of it was for, from its data. The owning feature describes its own jobs
 * (email, labels); the others carry all there is to say in their data. A name the engine holds that
 * is not here (a job added later) still lists, under its engine name; admin-jobs.routes.test.ts keeps this
 * table in step with what the app declares.
 */
import type { JobTarget } from '@sunward/core/console-jobs';
import { SHOP_TIME_ZONE } from '@sunward/core/dates';
import { sizeLabel } from '@sunward/core/sizes';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { aboutDeliveryJob } from '../email/email.api.ts';
import { aboutOutboundLabelJob, aboutReturnLabelJob } from '../labels/labels.api.ts';
import { aboutSettleRefundJob, aboutTaxReversalJob } from '../orders/orders.api.ts';
import { aboutTrackingCheckJob } from '../tracking/tracking.api.ts';

export interface JobAbout {
  about: string;
  target: JobTarget | null;
}

interface Kind {
  label: string;
  purpose: string;
  /** What one job was for; null when its data is not what this kind's jobs carry. */
  about(db: Db, data: unknown): Promise<JobAbout | null> | JobAbout | null;
}

// As the console writes times (MM/DD/YYYY and the zone named), on the shop's clock.
const shopDate = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const shopTime = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** A schedule's job is one period's run (lib/jobs/job-schedules.ts PeriodData). */
function periodRun(_db: Db, data: unknown): JobAbout | null {
  const parsed = z.object({ periodStart: z.iso.datetime() }).safeParse(data);
  if (!parsed.success) return null;
  const start = new Date(parsed.data.periodStart);
  const at = `${shopDate.format(start)} ${shopTime.format(start)}`;
  return { about: `The run for the period from ${at}`, target: null };
}

function backInStockRun(_db: Db, data: unknown): JobAbout | null {
  const parsed = z.object({ productId: z.string(), size: z.string() }).safeParse(data);
  if (!parsed.success) return null;
  return {
    about: `Size ${sizeLabel(parsed.data.size)} of ${parsed.data.productId} back on sale`,
    target: null,
  };
}

function unorderableRefund(_db: Db, data: unknown): JobAbout | null {
  const parsed = z.object({ paymentIntentId: z.string(), why: z.string() }).safeParse(data);
  if (!parsed.success) return null;
  const why = parsed.data.why.replace(/\.$/, '');
  return {
    about: `Refund in full of payment ${parsed.data.paymentIntentId}, which could not become an order: ${why}`,
    target: null,
  };
}

/** The cart's reaction to `order.placed` carries the order's row id (features/cart/cart-purchases.ts). */
function purchasedLines(_db: Db, data: unknown): JobAbout | null {
  const parsed = z.object({ orderId: z.string() }).safeParse(data);
  if (!parsed.success) return null;
  return {
    about: `The bag of the customer of order ${parsed.data.orderId} (row id)`,
    target: null,
  };
}

/** A review invitation's job carries the delivered order (features/reviews/review-invitation-job.ts). */
function reviewInvitation(_db: Db, data: unknown): JobAbout | null {
  const parsed = z.object({ orderId: z.string(), deliveredAt: z.string() }).safeParse(data);
  if (!parsed.success) return null;
  return {
    about: `The review invitation of order ${parsed.data.orderId} (row id), delivered ${shopDate.format(new Date(parsed.data.deliveredAt))}`,
    target: null,
  };
}

/** A sandbox webhook's job carries the event as sent (features/payments/sandbox-webhooks.ts). */
function sandboxEvent(_db: Db, data: unknown): JobAbout | null {
  const parsed = z.object({ payload: z.string() }).safeParse(data);
  if (!parsed.success) return null;
  let event: unknown;
  try {
    event = JSON.parse(parsed.data.payload);
  } catch {
    return null;
  }
  const known = z
    .object({ type: z.string(), data: z.object({ object: z.object({ id: z.string() }) }) })
    .safeParse(event);
  if (!known.success) return null;
  return {
    about: `The ${known.data.type} event of payment ${known.data.data.object.id}`,
    target: null,
  };
}

function taxTransaction(_db: Db, data: unknown): JobAbout | null {
  const parsed = z.object({ orderNumber: z.string(), taxCalculation: z.string() }).safeParse(data);
  if (!parsed.success) return null;
  return {
    about: `The sales tax of order ${parsed.data.orderNumber} (Stripe Tax calculation ${parsed.data.taxCalculation})`,
    target: null,
  };
}

/** In the order the screen lists them: the shopper-facing work first, then the clean-ups. */
export const JOB_KINDS: Readonly<Record<string, Kind>> = {
  'email.deliver': {
    label: 'Email delivery',
    purpose:
      'Sends each email the shop queues, over SMTP when it is set up: 10 tries over at least 1.5 hours.',
    about: aboutDeliveryJob,
  },
  'labels.return-label': {
    label: 'Return labels',
    purpose:
      "Makes a recorded return's shipping label and emails it to the shopper, trying for about a day while the label service is down.",
    about: aboutReturnLabelJob,
  },
  'labels.buy-label': {
    label: 'Shipping labels',
    purpose:
      "Buys an order's shipping label an operator asked for: checks the address again, asks the carrier once with the purchase's key, then ships the order with its tracking number and email, or records the carrier's reason.",
    about: aboutOutboundLabelJob,
  },
  'labels.void-label': {
    label: 'Shipping labels voided',
    purpose:
      "Voids an order's shipping label an operator asked to void: asks the carrier to void it (postage refunded where it allows), then makes the order ready to ship again.",
    about: aboutOutboundLabelJob,
  },
  'orders.refund-unorderable': {
    label: 'Refunds of payments that could not become orders',
    purpose:
      'Refunds in full a payment whose order could not be recorded and emails the shopper, trying for about a day.',
    about: unorderableRefund,
  },
  'orders.settle-refund': {
    label: 'Refunds to finish',
    purpose:
      'Finishes a refund whose request ended before it was recorded (the payment provider out of reach, or the shop stopped): asks the provider again with the same key, then records it with its status change and email, trying for about a day.',
    about: aboutSettleRefundJob,
  },
  'orders.record-tax': {
    label: 'Sales tax records',
    purpose:
      "Records a paid order's sales tax with Stripe Tax (TAX_PROVIDER=stripe), from the calculation the shopper was shown, trying for about a day.",
    about: taxTransaction,
  },
  'orders.reverse-tax': {
    label: 'Sales tax refunds',
    purpose:
      "Takes each refund of an order taxed by Stripe Tax off the order's tax record, so what Stripe files is what the shop kept, trying for about a day.",
    about: aboutTaxReversalJob,
  },
  'cart.remove-purchased': {
    label: 'Bought shirts out of the bag',
    purpose:
      "Takes what a placed order bought out of the customer's bag on every device: 10 tries over about half an hour (the bag's next read does it too).",
    about: purchasedLines,
  },
  'reviews.invite': {
    label: 'Review invitations',
    purpose:
      'Emails the buyer of a delivered order the link to review its designs, REVIEW_INVITE_DELAY_MS (3 days) after the delivery, once, unless they reviewed them all meanwhile.',
    about: reviewInvitation,
  },
  'payments.sandbox-webhook': {
    label: 'Sandbox payment events',
    purpose:
      "Sends the sandbox card processor's payment events to the shop's webhook route, as Stripe would: 10 tries over at least 8.5 minutes.",
    about: sandboxEvent,
  },
  'reconciliation.daily': {
    label: 'Reconciliation',
    purpose:
      "Once a day, compares the card processor's payments of the last three days with the orders: records or refunds a payment left without its order, and lists what differs on the Reconciliation page.",
    about: periodRun,
  },
  'marketing.bag-reminders': {
    label: 'Bag reminders',
    purpose:
      "Every 5 minutes, emails the one reminder to each shopper who left a checkout with an email and asked for it, once the settings' reminder delay has passed, at most one a week per address and never after an unsubscribe.",
    about: periodRun,
  },
  'marketing.back-in-stock': {
    label: 'Back-in-stock emails',
    purpose:
      'When a size is back on sale (an operator puts it back, or a cancelled order or a received return gives back its last units), emails each shopper who asked to hear of it once (one email a request, the request then consumed), unless they unsubscribed after asking.',
    about: backInStockRun,
  },
  'db.backup': {
    label: 'Database backups',
    purpose:
      'Copies the embedded SQLite database to its backups folder every hour (BACKUP_EVERY_MS), keeping the newest 24 (BACKUP_KEEP). A shop on PostgreSQL is backed up with pg_dump instead.',
    about: periodRun,
  },
  'discounts.stale-holds': {
    label: 'Stale discount holds',
    purpose:
      'Every 10 minutes, gives back the discount uses held for an hour by checkouts that were never paid.',
    about: periodRun,
  },
  'stock.expired-holds': {
    label: 'Expired stock holds',
    purpose: 'Every minute, deletes the stock held for checkouts that were abandoned.',
    about: periodRun,
  },
  'identity.purge-expired': {
    label: 'Expired sign-in records',
    purpose: "Every 10 minutes, deletes the sign-in provider's expired sessions, codes and tokens.",
    about: periodRun,
  },
  'tracking.sweep': {
    label: 'Parcel tracking',
    purpose:
      'Every 15 minutes (TRACKING_EVERY_MS), asks the carrier about each shipped order and return parcel not delivered yet.',
    about: periodRun,
  },
  'tracking.check': {
    label: 'Parcel tracking check',
    purpose:
      "Asks the carrier for one parcel's scans and stores the new ones: a delivered order is completed, a scanned return is on its way. 6 tries over at least 15 minutes.",
    about: aboutTrackingCheckJob,
  },
  'payment-page.check': {
    label: 'Payment page check',
    purpose:
      "Every hour (PAYMENT_PAGE_CHECK_EVERY_MS), fetches the checkout page as a browser would and compares its scripts, their bytes and its security headers with the build's script inventory: a change is an alert on the console's home.",
    about: periodRun,
  },
  'csp-reports.purge': {
    label: 'CSP reports clean-up',
    purpose:
      'Once a day, deletes the kinds of Content-Security-Policy report that browsers have not sent for 30 days.',
    about: periodRun,
  },
  'rate-limits.sweep': {
    label: 'Rate-limit clean-up',
    purpose: 'Once a minute, deletes the request counts of rate-limit windows that have ended.',
    about: periodRun,
  },
};

/** The name people read, and what the kind does; a name not in the table as it is. */
export function kindOf(name: string): { label: string; purpose: string } {
  const kind = JOB_KINDS[name];
  return kind
    ? { label: kind.label, purpose: kind.purpose }
    : { label: name, purpose: 'A job this console has no description of yet.' };
}

/** What a job was for; its data, when it is not what its kind carries, is not shown (it may hold anything). */
export async function aboutJob(db: Db, name: string, data: unknown): Promise<JobAbout> {
  const about = await JOB_KINDS[name]?.about(db, data);
  return about ?? { about: 'Its data does not say.', target: null };
}
