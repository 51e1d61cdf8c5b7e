/**
 * Verified reviews (issue 29 item 1, docs/decisions/048): who may review (the buyer of a received
 * order, proved by the emailed link or by their signed-in account), the review itself (once per design
 * per order, checked in full before anything is written), and a design's published reviews with their
 * average and count.
 */
import { isUniqueViolation } from '../../lib/db-errors.ts';
import {
  ReviewInputSchema,
  REVIEWS_SHOWN,
  type DesignReviews,
  type PublicReview,
  type ReviewableOrder,
  type ReviewSort,
} from '@sunward/core/review-schemas';
import { averageStars, compareHelpful, type FitAnswer } from '@sunward/core/reviews';
import type { RatingSummary } from '@sunward/core/structured-data';
import type { SizeCode } from '@sunward/core/sizes';
import type { DesignName } from '@sunward/core/designs';
import type { Db } from '../../db/database.ts';
import { newId, normalizeOrderNumber, nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { fieldMessages } from '../../lib/validation-messages.ts';
import {
  resolveCustomer,
  type AuthUser,
  type CustomerOptions,
} from '../customers/customers.api.ts';
import { findCustomerOrder, findOrder, listItems, type OrderRow } from '../orders/orders.api.ts';
import { orderOfReviewToken, reviewSecret } from './review-links.ts';
import * as repo from './reviews.repository.ts';
import type { ReviewRow } from './reviews.table.ts';

/** The statuses of an order its buyer has received. */
export const RECEIVED: readonly string[] = ['completed', 'return'];

export type ProofFailure =
  | Failure<'sign_in_required'>
  | Failure<'invalid_link', { fields: Record<string, string> }>
  | Failure<'not_found', { fields: Record<string, string> }>
  | Failure<'not_received'>;

export type Proof = { token: string } | { orderNumber: string };

/**
 * The order the caller may review: the emailed link's (any caller holding it), or the signed-in
 * caller's own order by its number. Someone else's order answers as an unknown one.
 */
export async function orderToReview(
  db: Db,
  proof: Proof,
  user: AuthUser | undefined,
  options: CustomerOptions,
  now = Date.now(),
): Promise<Result<OrderRow, ProofFailure>> {
  let order: OrderRow | undefined;
  if ('token' in proof) {
    const orderId = orderOfReviewToken(await reviewSecret(db), proof.token, now);
    order = orderId ? await findOrder(db, orderId) : undefined;
    if (!order) {
      const message =
        'This review link is not valid or has expired. Sign in to review from your account.';
      return fail('invalid_link', message, { fields: { token: message } });
    }
  } else {
    if (!user) return fail('sign_in_required', 'Sign in to review an order you received.');
    const customer = await resolveCustomer(db, user, options);
    order = await findCustomerOrder(db, customer.row.id, normalizeOrderNumber(proof.orderNumber));
    if (!order) {
      const message = 'No order of yours has that number.';
      return fail('not_found', message, { fields: { orderNumber: message } });
    }
  }
  if (!RECEIVED.includes(order.status) && order.delivered_at === null) {
    return fail('not_received', 'You can review this order once it has been delivered.');
  }
  return ok(order);
}

/** The order's designs, the sizes bought of each, and which are reviewed already. */
export async function reviewableOrder(db: Db, order: OrderRow): Promise<ReviewableOrder> {
  const items = await listItems(db, order.id);
  const reviewed = new Set(await repo.reviewedDesigns(db, order.id));
  const designs = new Map<string, SizeCode[]>();
  for (const item of items) {
    const sizes = designs.get(item.design) ?? [];
    if (!sizes.includes(item.size as SizeCode)) sizes.push(item.size as SizeCode);
    designs.set(item.design, sizes);
  }
  return {
    orderNumber: order.order_number,
    designs: [...designs].map(([design, sizes]) => ({
      design: design as DesignName,
      sizes,
      reviewed: reviewed.has(design),
    })),
  };
}

export type SubmitFailure =
  | Failure<'invalid', { fields: Record<string, string> }>
  | Failure<'not_in_order', { fields: Record<string, string> }>
  | Failure<'size_not_bought', { fields: Record<string, string> }>
  | Failure<'already_reviewed', { fields: Record<string, string> }>;

const ALREADY = 'You have already reviewed this design from this order.';

/** Writes the review (status new: the console's queue) after every check; a refusal writes nothing. */
export async function submitReview(
  db: Db,
  order: OrderRow,
  body: Record<string, unknown>,
): Promise<Result<{ id: string }, SubmitFailure>> {
  const parsed = ReviewInputSchema.safeParse(body);
  if (!parsed.success) {
    const { message, fields } = fieldMessages(parsed.error, {
      unknown: (key) => `${key}: not a field of a review.`,
      noun: 'fields',
      whole: 'review',
    });
    return fail('invalid', message, { fields });
  }
  const input = parsed.data;
  const items = await listItems(db, order.id);
  const ofDesign = items.filter((i) => i.design === input.design);
  if (ofDesign.length === 0) {
    const message = 'Design: this order did not have it.';
    return fail('not_in_order', message, { fields: { design: message } });
  }
  if (!ofDesign.some((i) => i.size === input.size)) {
    const message = 'Size bought: this order had the design in another size.';
    return fail('size_not_bought', message, { fields: { size: message } });
  }
  const id = newId('rv');
  const at = nowIso();
  try {
    await db.transaction().execute((trx) =>
      repo.insertReview(trx, {
        id,
        order_id: order.id,
        customer_id: order.customer_id,
        design: input.design,
        size: input.size,
        stars: input.stars,
        fit: input.fit,
        title: input.title,
        body: input.body,
        first_name: input.firstName,
        state: input.state,
        status: 'new',
        reply: null,
        reply_at: null,
        moderated_at: null,
        moderated_by: null,
        created_at: at,
        updated_at: at,
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) {
      return fail('already_reviewed', ALREADY, { fields: { design: ALREADY } });
    }
    throw error;
  }
  return ok({ id });
}

export function toPublic(row: ReviewRow): PublicReview {
  return {
    id: row.id,
    stars: row.stars,
    fit: row.fit as FitAnswer,
    size: row.size as SizeCode,
    title: row.title,
    body: row.body,
    firstName: row.first_name,
    state: row.state,
    createdAt: row.created_at,
    verified: true,
    reply: row.reply && row.reply_at ? { text: row.reply, at: row.reply_at } : null,
  };
}

const textLength = (r: ReviewRow) => (r.title ?? '').length + (r.body ?? '').length;

/** A design's published reviews: the average and count of all, the first REVIEWS_SHOWN in `sort`. */
export async function designReviews(
  db: Db,
  design: DesignName,
  sort: ReviewSort,
  offset = 0,
): Promise<DesignReviews> {
  const rows = await repo.publishedOf(db, design);
  const ordered =
    sort === 'helpful'
      ? [...rows].sort((a, b) =>
          compareHelpful(
            { textLength: textLength(a), createdAt: a.created_at },
            { textLength: textLength(b), createdAt: b.created_at },
          ),
        )
      : rows;
  return {
    design,
    average: averageStars(rows.map((r) => r.stars)),
    count: rows.length,
    sort,
    offset,
    reviews: ordered.slice(offset, offset + REVIEWS_SHOWN).map(toPublic),
    nextOffset: offset + REVIEWS_SHOWN < rows.length ? offset + REVIEWS_SHOWN : null,
  };
}

/**
 * The catalogue cache's entry of reviewSummaries (the design pages' rating, decision 051): deleted
 * when an operator publishes or hides a review.
 */
export const REVIEW_SUMMARIES_KEY = 'review-summaries';

/** How many of a design's newest published reviews its page's structured data carries. */
export const STRUCTURED_REVIEWS = 5;

/**
 * Per design with published reviews, what its page's structured data says of them (decision 051):
 * the average and count of all, and the newest few as author, stars, words and date. A review with
 * neither title nor text is counted, and not quoted.
 */
export async function reviewSummaries(db: Db): Promise<Record<string, RatingSummary>> {
  const byDesign = new Map<string, ReviewRow[]>();
  for (const row of await repo.allPublished(db)) {
    byDesign.set(row.design, [...(byDesign.get(row.design) ?? []), row]);
  }
  const summaries: Record<string, RatingSummary> = {};
  for (const [design, rows] of byDesign) {
    const average = averageStars(rows.map((r) => r.stars));
    if (average === null) continue;
    summaries[design] = {
      ratingValue: average,
      reviewCount: rows.length,
      reviews: rows
        .filter((r) => r.title || r.body)
        .slice(0, STRUCTURED_REVIEWS)
        .map((r) => ({
          author: r.first_name ?? 'Verified buyer',
          ratingValue: r.stars,
          body: [r.title, r.body].filter(Boolean).join('. '),
          datePublished: r.created_at.slice(0, 10),
        })),
    };
  }
  return summaries;
}
