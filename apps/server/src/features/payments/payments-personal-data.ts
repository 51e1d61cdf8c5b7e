/**
 * The payments' part of the personal-data registry (lib/personal-data.ts; decision 032, "Personal
 * data"): the card sandbox's copy of the billing and shipping details of the person's orders' and
 * checkouts' payment intents (what Stripe would hold), whichever processor serves now. An erasure
 * empties that copy and scrubs the person from its refunds' reasons (kept with the amounts).
 */
import { definePart } from '../../lib/personal-data.ts';
import { changedRows, chunks, inChunks, scrubRows } from '../../lib/personal-rows.ts';
import { personalStrings } from '../../lib/personal-text.ts';

export const paymentsPersonalData = definePart({
  feature: 'payments',
  tables: ['sandbox_payment_intents', 'sandbox_refunds'],
  order: 50,
  async locate(db, person) {
    const intentIds = [...person.paymentIntentIds];
    const intents = await inChunks(intentIds, (part) =>
      db
        .selectFrom('sandbox_payment_intents')
        .select(['id', 'billing_details', 'shipping'])
        .where('id', 'in', part)
        .execute(),
    );
    return { intentIds, intents };
  },
  identifiers: ({ intents }) =>
    intents.flatMap((i) => [...personalStrings(i.billing_details), ...personalStrings(i.shipping)]),
  async scrubKept(trx, { intentIds }, { scrub }) {
    const rows = await inChunks(intentIds, (part) =>
      trx
        .selectFrom('sandbox_refunds')
        .select(['id', 'reason as text'])
        .where('payment_intent_id', 'in', part)
        .execute(),
    );
    return scrubRows(trx, 'sandbox_refunds', 'reason', rows, scrub);
  },
  async erase(trx, { intentIds }) {
    const results = [];
    for (const part of chunks(intentIds)) {
      results.push(
        await trx
          .updateTable('sandbox_payment_intents')
          .set({ billing_details: null, shipping: null })
          .where('id', 'in', part)
          .executeTakeFirst(),
      );
    }
    return { paymentDetails: changedRows(results) };
  },
});
