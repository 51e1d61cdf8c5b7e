/**
 * The checkout's part of the personal-data registry (lib/personal-data.ts; decision 032, "Personal
 * data"): checkouts started signed in, those that paid the person's orders, and guest checkouts with
 * an address the person proved (never an unverified one: it may be anyone's). It adds their payment
 * intents for the payments' part. An erasure keeps a checkout's amounts and lines and empties its
 * email and name; its address keeps what the tax records need.
 */
import type { Db } from '../../db/database.ts';
import { definePart } from '../../lib/personal-data.ts';
import { chunks } from '../../lib/personal-rows.ts';
import {
  addDistinct,
  exportedJson,
  personalStrings,
  taxOnlyAddress,
} from '../../lib/personal-text.ts';

/** Checkouts started signed in, that paid their orders, or as a guest with one of `guestEmails`. */
function checkoutsOf(
  db: Db,
  customerId: string,
  intentIds: readonly string[],
  guestEmails: readonly string[],
) {
  return db
    .selectFrom('checkouts')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('customer_id', '=', customerId),
        ...chunks(intentIds).map((part) => eb('payment_intent_id', 'in', part)),
        ...(guestEmails.length
          ? [
              eb.and([
                eb('customer_id', 'is', null),
                eb(eb.fn('lower', ['email']), 'in', guestEmails),
              ]),
            ]
          : []),
      ]),
    )
    .orderBy('created_at')
    .execute();
}

export const checkoutPersonalData = definePart({
  feature: 'checkout',
  tables: ['checkouts'],
  order: 40,
  async locate(db, person) {
    const checkouts = await checkoutsOf(
      db,
      person.customerId,
      person.paymentIntentIds,
      person.verifiedEmails,
    );
    addDistinct(
      person.paymentIntentIds,
      checkouts.map((c) => c.payment_intent_id),
    );
    return checkouts;
  },
  identifiers: (checkouts) =>
    checkouts.flatMap((c) => [c.email, c.shipping_name, ...personalStrings(c.shipping_address)]),
  async export(_db, checkouts) {
    return {
      checkouts: checkouts.map((c) => ({
        status: c.status,
        email: c.email,
        shippingName: c.shipping_name,
        shippingAddress: exportedJson(c.shipping_address),
        shippingOption: c.shipping_option,
        lines: exportedJson(c.lines),
        subtotal: c.subtotal,
        shippingCost: c.shipping,
        salesTax: c.sales_tax,
        total: c.total,
        createdAt: c.created_at,
        updatedAt: c.updated_at,
        // The box "Email me a reminder if I leave items in my bag" (decision 044).
        reminderConsentAt: c.reminder_consent_at,
        reminderConsentSource: c.reminder_consent_source,
        remindedAt: c.reminded_at,
      })),
    };
  },
  detail: (checkouts) => ({
    reminderConsents: checkouts
      .filter((c) => c.reminder_consent_at !== null && c.email !== null)
      .map((c) => ({
        email: c.email ?? '',
        consentedAt: c.reminder_consent_at ?? '',
        source: c.reminder_consent_source,
        remindedAt: c.reminded_at,
      }))
      .reverse(),
  }),
  async erase(trx, checkouts) {
    for (const checkout of checkouts) {
      await trx
        .updateTable('checkouts')
        .set({
          email: null,
          shipping_name: null,
          shipping_address: taxOnlyAddress(checkout.shipping_address),
        })
        .where('id', '=', checkout.id)
        .execute();
    }
    return { checkouts: checkouts.length };
  },
});
