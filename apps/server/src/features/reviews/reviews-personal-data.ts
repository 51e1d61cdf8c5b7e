/**
 * The reviews' part of the personal-data registry (lib/personal-data.ts; decision 048): the reviews of
 * the person's orders (signed in, or as a guest with a verified address) or written under their
 * account. Exported whole; an erasure keeps the stars, the fit answer and the size (a design's average
 * and fit advice stay right, and they name no one) and empties the first name, state, title and text.
 */
import type { Db } from '../../db/database.ts';
import { definePart } from '../../lib/personal-data.ts';
import { chunks } from '../../lib/personal-rows.ts';

function reviewsOf(db: Db, customerId: string, orderIds: readonly string[]) {
  return db
    .selectFrom('reviews')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('customer_id', '=', customerId),
        ...chunks(orderIds).map((part) => eb('order_id', 'in', part)),
      ]),
    )
    .orderBy('created_at')
    .execute();
}

export const reviewsPersonalData = definePart({
  feature: 'reviews',
  tables: ['reviews'],
  order: 52,
  locate: (db, person) =>
    reviewsOf(
      db,
      person.customerId,
      person.orders.map((o) => o.id),
    ),
  identifiers: (reviews) => reviews.map((r) => r.first_name),
  detail: (reviews) => ({
    reviews: reviews
      .map((r) => ({
        id: r.id,
        design: r.design,
        stars: r.stars,
        status: r.status,
        title: r.title,
        createdAt: r.created_at,
      }))
      .reverse(),
  }),
  async export(_db, reviews) {
    return {
      reviews: reviews.map((r) => ({
        design: r.design,
        size: r.size,
        stars: r.stars,
        fit: r.fit,
        title: r.title,
        text: r.body,
        firstName: r.first_name,
        state: r.state,
        status: r.status,
        reply: r.reply,
        createdAt: r.created_at,
      })),
    };
  },
  async erase(trx, reviews, erasure) {
    for (const review of reviews) {
      await trx
        .updateTable('reviews')
        .set({
          first_name: null,
          state: null,
          title: null,
          body: null,
          customer_id: null,
          updated_at: erasure.at,
        })
        .where('id', '=', review.id)
        .execute();
    }
    return { reviews: reviews.length };
  },
});
