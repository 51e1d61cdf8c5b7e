/**
 * The review invitation (decision 048): a reaction to `order.delivered`, enqueued in the transaction
 * that recorded the delivery and held back REVIEW_INVITE_DELAY_MS (3 days by default). It emails the
 * buyer the signed link to the order's review, once (the outbox's dedupe key names the order), unless
 * every design was reviewed meanwhile (from the account) or the order is no longer one they received.
 */
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../lib/jobs/events.ts';
import { queueEmail } from '../email/email.api.ts';
import {
  findOrder,
  listItems,
  ORDER_DELIVERED,
  type OrderDelivered,
} from '../orders/orders.api.ts';
import { loadSettings, shopIdentityOf } from '../settings/settings.api.ts';
import { REVIEW_LINK_DAYS, reviewSecret, reviewToken, reviewUrl } from './review-links.ts';
import { reviewInvitationEmail } from './review-invitation.template.tsx';
import { reviewedDesigns } from './reviews.repository.ts';
import { RECEIVED } from './reviews.service.ts';

export const REVIEW_INVITE_JOB = 'reviews.invite';

export interface ReviewInviteDeps {
  db: Db;
  siteUrl: string;
  now: () => number;
  delayMs: number;
}

/** Queues the invitation of `orderId`; answers whether an email was queued (now, not before). */
export async function inviteToReview(deps: ReviewInviteDeps, orderId: string): Promise<boolean> {
  const { db } = deps;
  const order = await findOrder(db, orderId);
  if (!order || !RECEIVED.includes(order.status)) return false;
  const reviewed = new Set(await reviewedDesigns(db, orderId));
  const seen = new Set<string>();
  const designs = (await listItems(db, orderId)).filter((item) => {
    if (reviewed.has(item.design) || seen.has(item.design)) return false;
    seen.add(item.design);
    return true;
  });
  if (designs.length === 0) return false;
  const settings = await loadSettings(db);
  const token = reviewToken(
    await reviewSecret(db),
    orderId,
    deps.now() + REVIEW_LINK_DAYS * 86_400_000,
  );
  const mail = await reviewInvitationEmail(
    {
      orderNumber: order.order_number,
      name: order.shipping_name.trim() || null,
      designs: designs.map((d) => ({ design: d.design, size: d.size })),
      reviewUrl: reviewUrl(deps.siteUrl, token),
    },
    shopIdentityOf(settings, deps.siteUrl),
  );
  return db.transaction().execute((trx) =>
    queueEmail(trx, {
      kind: 'review-invitation',
      to: order.email,
      dedupeKey: `review-invitation:${orderId}`,
      orderId,
      ...mail,
    }),
  );
}

/** Declares the reaction (before the queue starts). */
export function registerReviewInvitations(events: EventBus, deps: ReviewInviteDeps): void {
  events.on<OrderDelivered>(
    ORDER_DELIVERED,
    REVIEW_INVITE_JOB,
    async (job) => {
      await inviteToReview(deps, job.data.orderId);
    },
    { delayMs: deps.delayMs },
  );
}
