/**
 * Checkout: create the payment intent for a bag, then price shipping and tax for a verified address
 * and keep the intent's amount equal to the server's total. Named steps: validate, price, charge
 * (set the amount), record. Every step is safe to retry.
 */
import type { z } from 'zod';
import { computeDiscountedTotals, discountedTaxLines } from '@sunward/core/discount';
import type {
  CheckoutCartLine,
  CheckoutTotalsResponse,
  ConfirmPaymentIntentRequestSchema,
  ConfirmPaymentIntentResponse,
  UpdatePaymentIntentRequestSchema,
} from '@sunward/core/checkout-schemas';
import type { Address } from '@sunward/core/schemas';
import type { Db } from '../../db/database.ts';
import { newId, nowIso, randomToken } from '../../lib/ids.ts';
import type { Failure } from '../../lib/result.ts';
import {
  CONFIRMABLE_STATUSES,
  type PaymentIntentView,
  type PaymentProvider,
  returnUrlAllowed,
  returnUrlFor,
} from '../payments/payments.api.ts';
import { sameSecret } from '../../lib/same-secret.ts';
import type { UspsServices } from '../usps/usps.api.ts';
import { loadSettings } from '../settings/settings.api.ts';
import {
  salesTaxRateOf,
  taxRateColumns,
  taxRuleForAddress,
  type TaxProvider,
} from '../tax/tax.api.ts';
import { findApplicableCode, holdUse, releaseUse } from '../discounts/discounts.api.ts';
import { withLease } from './checkout-lease.ts';
import * as repo from './checkout.repository.ts';
import type { CheckoutRow } from './checkout.table.ts';
import {
  priceBag,
  type PricedLine,
  RESERVATION_MS,
  reserveStock,
  reserveStockWith,
} from '../catalog/catalog.api.ts';

/** The checkout row, as orders read it (checkout.service is the one file orders import). */
export type { CheckoutRow };

export interface CheckoutDeps {
  payments: PaymentProvider;
  usps: UspsServices;
  /** Who computes sales tax (TAX_PROVIDER): the built-in rates or Stripe Tax. */
  tax: TaxProvider;
  /** How long stock is held (RESERVATION_MS unless a test shortens it: config.testStockHolds). */
  holdMs?: { priced: number; confirming: number };
}

/** Every way a checkout step can refuse, by its stable code (the routes map each to a status). */
export type CheckoutFailure =
  | Failure<'invalid_bag' | 'bad_address', { fields?: Record<string, string> }>
  /** The code typed does not apply (unknown, expired, used up, ...): nothing changed. */
  | Failure<'bad_discount', { fields: { discountCode: string }; reason: string }>
  /** The code's last use went to another shopper as this one placed the order: nothing charged. */
  | Failure<'discount_unavailable', { fields: { discountCode: string } }>
  | Failure<
      | 'not_found'
      | 'already_paid'
      | 'unavailable'
      | 'busy'
      | 'payment_in_progress'
      | 'not_priced'
      | 'out_of_stock'
      | 'bad_return_url'
    >
  /** The page's total (or option, or address) is not the checkout's: nothing was charged. */
  | Failure<'total_changed', { totals: CheckoutTotalsResponse | null }>
  /** `cardCode`: the processor's own code (Stripe's: incorrect_number, expired_card, ...). */
  | Failure<
      'card_declined' | 'card_invalid',
      { cardCode: string; declineCode?: string; fields?: Record<string, string> }
    >;

export type CheckoutCode = CheckoutFailure['code'];

export const CHECKOUT_FAILURES = {
  paymentInProgress:
    'Your card is being checked for this order. Finish the check in the window your bank opened, or wait a moment and try again.',
  notPriced: 'Choose a shipping option to see your total before placing the order.',
  totalChanged:
    'Your order total has changed since it was shown. Please check the total below and place your order again.',
} as const;

export interface CreatedIntent {
  clientSecret: string;
  paymentIntentId: string;
  provider: 'sandbox' | 'stripe';
  publishableKey?: string;
  subtotal: number;
  amount: number;
}

export async function createPaymentIntent(
  db: Db,
  deps: CheckoutDeps,
  input: { cart: readonly CheckoutCartLine[]; customerId: string | null },
): Promise<{ ok: true; value: CreatedIntent } | CheckoutFailure> {
  // validate + price
  const bag = await priceBag(db, input.cart);
  if (!bag.ok) return bag;
  // charge: the intent starts at the subtotal; update-pi adds shipping and tax.
  const checkoutId = newId('co');
  const intent = await deps.payments.createIntent({
    amount: bag.subtotal,
    metadata: { checkoutId },
    idempotencyKey: `checkout:${checkoutId}:create`,
  });
  // record
  const now = nowIso();
  await repo.insertCheckout(db, {
    id: checkoutId,
    payment_intent_id: intent.id,
    provider: deps.payments.name,
    customer_id: input.customerId,
    email: null,
    lines: JSON.stringify(bag.lines),
    shipping_address: null,
    shipping_name: null,
    shipping_option: null,
    subtotal: bag.subtotal,
    shipping: null,
    sales_tax: null,
    total: bag.subtotal,
    status: 'open',
    created_at: now,
    updated_at: now,
  });
  return {
    ok: true,
    value: {
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      provider: deps.payments.name,
      ...(deps.payments.publishableKey ? { publishableKey: deps.payments.publishableKey } : {}),
      subtotal: bag.subtotal,
      amount: intent.amount,
    },
  };
}

export type UpdateInput = z.infer<typeof UpdatePaymentIntentRequestSchema>;

/**
 * The shopper's consent to one bag reminder, saved with the email it is for (decision 044): kept with
 * its first time while the box stays ticked and the email the same; a new email or an unticked box
 * withdraws it.
 */
function reminderConsentColumns(
  checkout: Pick<CheckoutRow, 'email' | 'reminder_consent_at'>,
  input: Pick<UpdateInput, 'email' | 'reminderConsent'>,
) {
  if (!input.reminderConsent) return { reminder_consent_at: null, reminder_consent_source: null };
  const kept = checkout.reminder_consent_at && checkout.email === input.email;
  return {
    reminder_consent_at: kept ? checkout.reminder_consent_at : nowIso(),
    reminder_consent_source: 'checkout',
  };
}

/** The checkout of an intent, only for a caller holding the intent's client secret. */
async function findOwnedCheckout(
  db: Db,
  deps: CheckoutDeps,
  input: Pick<UpdateInput, 'paymentIntentId' | 'clientSecret'>,
) {
  const checkout = await repo.findByIntent(db, input.paymentIntentId);
  const intent = checkout ? await deps.payments.retrieve(input.paymentIntentId) : undefined;
  if (!checkout || !intent || !sameSecret(intent.clientSecret, input.clientSecret)) {
    const failure: CheckoutFailure = {
      ok: false,
      code: 'not_found',
      message: 'We could not find this checkout. Please reload the page.',
    };
    return failure;
  }
  return { ok: true as const, checkout, intent };
}

export async function updatePaymentIntent(
  db: Db,
  deps: CheckoutDeps,
  input: UpdateInput,
): Promise<{ ok: true; value: CheckoutTotalsResponse } | CheckoutFailure> {
  const busy: CheckoutFailure = {
    ok: false,
    code: 'busy',
    message: 'Your checkout changed while we were updating it. Please try again.',
  };
  // Only the holder of the client secret may take the lease (and so hold up this checkout).
  const owned = await findOwnedCheckout(db, deps, input);
  if (!owned.ok) return owned;
  const { checkout } = owned;
  const result = await withLease(db, checkout.id, async (lease) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const once = await updateOnce(db, deps, input);
      if (once === 'conflict') continue;
      // Recorded: the versioned update gave the lease back in the same write.
      if (once.ok) lease.handedBack();
      return once;
    }
    return busy;
  });
  return result === 'busy' ? busy : result;
}

async function updateOnce(
  db: Db,
  deps: CheckoutDeps,
  input: UpdateInput,
): Promise<{ ok: true; value: CheckoutTotalsResponse } | CheckoutFailure | 'conflict'> {
  // validate: the caller holds the intent's client secret and the checkout is still open.
  const owned = await findOwnedCheckout(db, deps, input);
  if (!owned.ok) return owned;
  const { checkout, intent } = owned;
  const gate = openForChanges(checkout, intent);
  if (gate) return gate;

  // price the bag again from the catalogue
  const bag = await priceBag(db, JSON.parse(checkout.lines) as PricedLine[]);
  if (!bag.ok) return bag;

  // the address must pass the verifier
  const checked = await deps.usps.verifier.check(input.address);
  if (!checked.ok) {
    return checked.code === 'unavailable'
      ? { ok: false, code: 'unavailable', message: checked.message }
      : {
          ok: false,
          code: 'bad_address',
          message: checked.message,
          fields: { address: checked.message },
        };
  }

  // shipping and tax
  const settings = await loadSettings(db);
  const quote = await deps.usps.quoter.quote({
    fromZip: settings.companyZipCode,
    toZip: checked.address.ZIPCode,
    weightOz: settings.shirtWeightOz * bag.quantity,
    rateCard: settings.rateCard,
  });
  if (!quote.ok) {
    return quote.code === 'bad_zip'
      ? { ok: false, code: 'bad_address', message: quote.message }
      : { ok: false, code: 'unavailable', message: quote.message };
  }
  const taxRule = taxRuleForAddress(
    { state: checked.address.state, postal_code: checked.address.ZIPCode },
    settings,
  );
  // the discount code, if one was typed: one that does not apply changes nothing
  const typedCode = input.discountCode?.trim() ? input.discountCode : null;
  const applied = typedCode
    ? await findApplicableCode(db, {
        code: typedCode,
        lines: bag.lines,
        shopper: { customerId: checkout.customer_id, email: input.email },
        checkoutId: checkout.id,
      })
    : null;
  if (applied && !applied.ok) {
    return {
      ok: false,
      code: 'bad_discount',
      message: applied.message,
      reason: applied.code,
      fields: { discountCode: applied.message },
    };
  }
  const code = applied?.value ?? null;
  const base = computeDiscountedTotals({
    lines: bag.lines,
    option: input.shippingOption,
    quote,
    freeShippingTarget: settings.freeShippingTarget,
    taxRule,
    offer: code?.code ?? null,
  });
  const taxLines = discountedTaxLines(bag.lines, base.lineDiscounts);
  // the tax provider's quote (the built-in rates, or Stripe Tax): what the shopper will see and pay
  const taxed = await deps.tax.quote({
    address: {
      line1: checked.address.streetAddress,
      line2: checked.address.secondaryAddress,
      city: checked.address.city,
      state: checked.address.state,
      postal_code: checked.address.ZIPCode,
    },
    lines: taxLines.map((l, i) => ({
      reference: `line-${i + 1}`,
      unitAmount: l.unitAmount,
      quantity: l.quantity,
    })),
    shipping: base.shipping - base.shippingDiscount,
    rule: taxRule,
  });
  if (!taxed.ok) return { ok: false, code: 'unavailable', message: taxed.message };
  const { salesTax, rate: salesTaxRate, calculationId } = taxed.value;
  const totals = {
    subtotal: base.subtotal,
    shipping: base.shipping,
    ...(code && { discount: base.discount, discountCode: code.code.code }),
    salesTax,
    total: base.subtotal + base.shipping - base.discount + salesTax,
  };

  // charge: the intent's amount is always the server's total (set before the totals are recorded,
  // so a recorded total is one the intent charges; no call to the provider inside the transaction)
  const updated = await deps.payments.updateAmount(
    input.paymentIntentId,
    totals.total,
    `checkout:${checkout.id}:v${checkout.version}:amount:${totals.total}`,
  );
  if (!updated.ok) {
    if (updated.code === 'not_found') {
      return { ok: false, code: 'not_found', message: updated.message };
    }
    // The intent moved on between our read and the update (a confirmation started): say which way.
    const now = await deps.payments.retrieve(input.paymentIntentId);
    return (now && openForChanges(checkout, now)) || 'conflict';
  }

  // record the totals and hold the stock while the shopper pays (issue 26 item 4: one commit on
  // SQLite), unless another update got there first (then do it all again on its result). A size
  // short records nothing: the intent's new amount then matches no recorded total, and Place Order
  // refuses it until the checkout is priced again.
  const recorded = await recordPriced(
    db,
    checkout,
    bag.lines,
    (deps.holdMs ?? RESERVATION_MS).priced,
    {
      email: input.email,
      lines: JSON.stringify(bag.lines),
      shipping_name: input.name,
      shipping_address: JSON.stringify({ ...input.address, country: 'US' }),
      shipping_option: input.shippingOption,
      subtotal: totals.subtotal,
      shipping: totals.shipping,
      sales_tax: totals.salesTax,
      discount_code: code?.code.code ?? null,
      discount: base.discount,
      shipping_discount: base.shippingDiscount,
      line_discounts: code ? JSON.stringify(base.lineDiscounts) : null,
      ...taxRateColumns(salesTaxRate),
      tax_calculation: calculationId,
      total: totals.total,
      ...reminderConsentColumns(checkout, input),
      updated_at: nowIso(),
    },
  );
  if (recorded !== 'recorded') return recorded;
  return { ok: true, value: { ...totals, salesTaxRate } };
}

/**
 * The priced checkout's versioned record and (when no code applies any more) its code's held use given
 * back, with its stock held for `holdMs` (`reserveStockWith`: one commit on SQLite). 'conflict' when
 * another update recorded first; the failure to answer when a size is short (the record not written).
 */
async function recordPriced(
  db: Db,
  checkout: CheckoutRow,
  lines: readonly PricedLine[],
  holdMs: number,
  changes: Parameters<typeof repo.updateCheckoutIfVersion>[3],
): Promise<'recorded' | 'conflict' | CheckoutFailure> {
  const held = await reserveStockWith(db, checkout.id, lines, holdMs, async (trx) => {
    // the versioned update gives the lease back in the same write
    if (!(await repo.updateCheckoutIfVersion(trx, checkout.id, checkout.version, changes))) {
      return false;
    }
    // a use held for a code no longer applied goes back (a different code's is swapped at Place Order)
    if (!changes.discount_code) await releaseUse(trx, checkout.id);
    return true;
  });
  if (held === 'not written') return 'conflict';
  return held.ok ? 'recorded' : { ok: false, code: 'out_of_stock', message: held.message };
}

/** Why a checkout cannot be priced or confirmed now, or null when it can. */
function openForChanges(checkout: CheckoutRow, intent: PaymentIntentView): CheckoutFailure | null {
  if (checkout.status !== 'open' || intent.status === 'succeeded') {
    return { ok: false, code: 'already_paid', message: 'This order has already been paid.' };
  }
  if (!CONFIRMABLE_STATUSES.includes(intent.status)) {
    return {
      ok: false,
      code: 'payment_in_progress',
      message: CHECKOUT_FAILURES.paymentInProgress,
    };
  }
  return null;
}

export type ConfirmRequest = z.infer<typeof ConfirmPaymentIntentRequestSchema>;

/**
 * Place Order. Confirms the payment from the server, and only for what the page showed: the address,
 * option and total sent must be the checkout's, the intent's amount must be the checkout's total, the
 * bag's prices unchanged and its stock held. Anything else is refused before the card is charged, with
 * the server's totals when they are for the same choices, so the page shows the right total.
 */
export async function confirmPayment(
  db: Db,
  deps: CheckoutDeps & { siteUrl: string },
  input: ConfirmRequest,
): Promise<{ ok: true; value: ConfirmPaymentIntentResponse } | CheckoutFailure> {
  if (!returnUrlAllowed(input.returnUrl, deps.siteUrl)) {
    return { ok: false, code: 'bad_return_url', message: 'The return URL must be on this site.' };
  }
  const owned = await findOwnedCheckout(db, deps, input);
  if (!owned.ok) return owned;
  const result = await withLease(db, owned.checkout.id, () => confirmOnce(db, deps, input));
  return result === 'busy'
    ? {
        ok: false,
        code: 'busy',
        message: 'Your checkout changed while we were placing the order. Please try again.',
      }
    : result;
}

async function confirmOnce(
  db: Db,
  deps: CheckoutDeps,
  input: ConfirmRequest,
): Promise<{ ok: true; value: ConfirmPaymentIntentResponse } | CheckoutFailure> {
  // validate: read again under the lease
  const owned = await findOwnedCheckout(db, deps, input);
  if (!owned.ok) return owned;
  const { checkout, intent } = owned;
  const gate = openForChanges(checkout, intent);
  if (gate) return gate;
  if (!checkout.shipping_option || !checkout.shipping_address) {
    return { ok: false, code: 'not_priced', message: CHECKOUT_FAILURES.notPriced };
  }

  // what the page shows must be what the server priced, and what the intent will charge
  const sameChoices =
    input.shippingOption === checkout.shipping_option &&
    sameAddress(input.address, JSON.parse(checkout.shipping_address) as Address);
  const lines = JSON.parse(checkout.lines) as PricedLine[];
  const bag = await priceBag(db, lines);
  if (!bag.ok) return bag;
  if (
    !sameChoices ||
    input.total !== checkout.total ||
    intent.amount !== checkout.total ||
    bag.subtotal !== checkout.subtotal
  ) {
    const rate = salesTaxRateOf(checkout);
    return {
      ok: false,
      code: 'total_changed',
      message: CHECKOUT_FAILURES.totalChanged,
      totals:
        sameChoices && bag.subtotal === checkout.subtotal && intent.amount === checkout.total
          ? {
              subtotal: checkout.subtotal,
              shipping: checkout.shipping ?? 0,
              ...(checkout.discount_code && {
                discount: checkout.discount,
                discountCode: checkout.discount_code,
              }),
              salesTax: checkout.sales_tax ?? 0,
              total: checkout.total,
              ...(rate && { salesTaxRate: rate }),
            }
          : null,
    };
  }

  // hold the stock for as long as a card check may take
  const held = await reserveStock(
    db,
    checkout.id,
    lines,
    (deps.holdMs ?? RESERVATION_MS).confirming,
  );
  if (!held.ok) return { ok: false, code: 'out_of_stock', message: held.message };

  // the code's use, held before the card is charged: of shoppers taking its last use at once, one
  // gets it; the others are told before they pay (decision 042)
  if (checkout.discount_code) {
    const claimed = await holdDiscountUse(db, checkout, lines);
    if (claimed) return claimed;
  }

  // charge
  const outcome = await deps.payments.confirm(intent.id, {
    paymentMethod: input.paymentMethod,
    billingDetails: input.billingDetails,
    shipping: input.shipping,
    returnUrl: input.returnUrl,
    idempotencyKey: `checkout:${checkout.id}:confirm:${randomToken(8)}`,
  });
  const success = returnUrlFor(
    input.returnUrl,
    { id: intent.id, client_secret: intent.clientSecret },
    'succeeded',
  );
  switch (outcome.kind) {
    case 'succeeded':
      return { ok: true, value: { status: 'succeeded', redirectUrl: success } };
    case 'requires_action':
      return {
        ok: true,
        value: {
          status: 'requires_action',
          redirectUrl: success,
          ...(outcome.challengeUrl ? { challengeUrl: outcome.challengeUrl } : {}),
        },
      };
    case 'declined':
      await releaseUse(db, checkout.id);
      return {
        ok: false,
        code: 'card_declined',
        message: outcome.message,
        cardCode: outcome.code,
        ...(outcome.declineCode ? { declineCode: outcome.declineCode } : {}),
      };
    case 'invalid':
      await releaseUse(db, checkout.id);
      return {
        ok: false,
        code: 'card_invalid',
        message: outcome.message,
        cardCode: outcome.code,
        ...(outcome.fields ? { fields: outcome.fields } : {}),
      };
  }
}

/** Holds a use of the checkout's code for it; the failure to answer when it cannot (nothing charged). */
async function holdDiscountUse(
  db: Db,
  checkout: CheckoutRow,
  lines: PricedLine[],
): Promise<CheckoutFailure | null> {
  const code = checkout.discount_code!;
  const shopper = { customerId: checkout.customer_id, email: checkout.email };
  const applicable = await findApplicableCode(db, {
    code,
    lines,
    shopper,
    checkoutId: checkout.id,
  });
  const held = applicable.ok
    ? await holdUse(db, {
        checkoutId: checkout.id,
        codeId: applicable.value.id,
        shopper,
        discount: checkout.discount,
      })
    : applicable;
  if (held.ok) return null;
  const message = `${held.message} Nothing was charged: remove the code to see your total without it.`;
  return { ok: false, code: 'discount_unavailable', message, fields: { discountCode: message } };
}

/** The same delivery address, as the address panel compares them (case, spacing and country aside). */
function sameAddress(a: Omit<Address, 'country'>, b: Omit<Address, 'country'>): boolean {
  const norm = (x: Omit<Address, 'country'>) =>
    [x.line1, x.line2 ?? '', x.city, x.state, x.postal_code]
      .map((v) => v.trim().replace(/\s+/g, ' ').toUpperCase())
      .join('|');
  return norm(a) === norm(b);
}

export function findCheckoutForIntent(db: Db, paymentIntentId: string) {
  return repo.findByIntent(db, paymentIntentId);
}

/*
 * A paid checkout ends one of two ways, each a compare-and-set on its status, so never both:
 * open -> completed (the order's transaction, before it records anything), or
 * open -> refunding -> refunded (it cannot become an order: closed to orders, then refunded).
 */

/**
 * Takes the checkout for the order being recorded in `trx`. Answers 'taken', or the status that kept
 * it: 'completed' (an order was recorded first), 'refunding' or 'refunded'. On PostgreSQL the row stays
 * locked until `trx` ends, so a refund waits to see whether the order commits. With `wait: false` it
 * gives way to a transaction already holding the checkout (another request recording its order, a
 * refund closing it) instead of waiting for its commit: 'busy', and `trx` must be rolled back.
 */
export async function takeCheckoutForOrder(
  trx: Db,
  checkoutId: string,
  options: { wait: boolean } = { wait: true },
): Promise<string> {
  if (!options.wait && !(await repo.lockCheckoutIfFree(trx, checkoutId))) return 'busy';
  const change = { status: 'completed', updated_at: nowIso() };
  if (await repo.updateCheckoutIfStatus(trx, checkoutId, 'open', change)) return 'taken';
  return (await repo.statusOf(trx, checkoutId)) ?? 'missing';
}

/**
 * Closes the checkout to orders before its payment is refunded (its own transaction, committed before
 * the refund, with `whileRefunding`). Answers the status it has now: 'refunding' or 'refunded' (go on with the refund), or
 * 'completed' (an order was recorded first: nothing is to be refunded).
 */
export async function closeCheckoutForRefund(
  db: Db,
  checkoutId: string,
  /** Commits with the checkout when it is (or already was) refunding: the refund's own job. */
  whileRefunding?: (trx: Db) => Promise<unknown>,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await repo.updateCheckoutIfStatus(trx, checkoutId, 'open', {
      status: 'refunding',
      updated_at: nowIso(),
    });
    const status = (await repo.statusOf(trx, checkoutId)) ?? 'missing';
    if (status === 'refunding') await whileRefunding?.(trx);
    return status;
  });
}

/** The checkout's payment was refunded because it could not become an order (orders). */
export function markCheckoutRefunded(trx: Db, checkoutId: string) {
  return repo.updateCheckoutIfStatus(trx, checkoutId, 'refunding', {
    status: 'refunded',
    updated_at: nowIso(),
  });
}
