/**
 * Checkout: create the payment intent for a bag, then price shipping and tax for a verified address
 * and keep the intent's amount equal to the server's total. Named steps: validate, price, charge
 * (set the amount), record. Every step is safe to retry.
 */
import type { z } from 'zod';
import { computeCheckoutTotals, type CheckoutTotals } from '@sunward/core/checkout-totals';
import type {
  CheckoutCartLine,
  UpdatePaymentIntentRequestSchema,
} from '@sunward/core/checkout-schemas';
import { taxRuleFor } from '@sunward/core/tax';
import type { Db } from '../../db/database.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { sameSecret } from '../../lib/same-secret.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import type { UspsServices } from '../usps/usps.service.ts';
import { loadCheckoutSettings } from './checkout-settings.ts';
import { withLease } from './checkout-lease.ts';
import * as repo from './checkout.repository.ts';
import { priceBag, type PricedLine } from './price-bag.ts';

export interface CheckoutDeps {
  payments: PaymentProvider;
  usps: UspsServices;
}

export type CheckoutFailure =
  | { ok: false; reason: 'invalid_bag'; message: string; fields?: Record<string, string> }
  | { ok: false; reason: 'not_found' | 'already_paid' | 'unavailable' | 'busy'; message: string }
  | { ok: false; reason: 'bad_address'; message: string; fields?: Record<string, string> };

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
      reason: 'not_found',
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
): Promise<{ ok: true; value: CheckoutTotals } | CheckoutFailure> {
  const busy: CheckoutFailure = {
    ok: false,
    reason: 'busy',
    message: 'Your checkout changed while we were updating it. Please try again.',
  };
  // Only the holder of the client secret may take the lease (and so hold up this checkout).
  const owned = await findOwnedCheckout(db, deps, input);
  if (!owned.ok) return owned;
  const { checkout } = owned;
  const result = await withLease(db, checkout.id, async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const once = await updateOnce(db, deps, input);
      if (once !== 'conflict') return once;
    }
    return busy;
  });
  return result === 'busy' ? busy : result;
}

async function updateOnce(
  db: Db,
  deps: CheckoutDeps,
  input: UpdateInput,
): Promise<{ ok: true; value: CheckoutTotals } | CheckoutFailure | 'conflict'> {
  // validate: the caller holds the intent's client secret and the checkout is still open.
  const owned = await findOwnedCheckout(db, deps, input);
  if (!owned.ok) return owned;
  const { checkout, intent } = owned;
  if (checkout.status !== 'open' || intent.status === 'succeeded') {
    return { ok: false, reason: 'already_paid', message: 'This order has already been paid.' };
  }

  // price the bag again from the catalogue
  const bag = await priceBag(db, JSON.parse(checkout.lines) as PricedLine[]);
  if (!bag.ok) return bag;

  // the address must pass the verifier
  const checked = await deps.usps.verifier.check(input.address);
  if (!checked.ok) {
    return checked.reason === 'unavailable'
      ? { ok: false, reason: 'unavailable', message: checked.message }
      : {
          ok: false,
          reason: 'bad_address',
          message: checked.message,
          fields: { address: checked.message },
        };
  }

  // shipping and tax
  const settings = await loadCheckoutSettings(db);
  const quote = await deps.usps.quoter.quote({
    fromZip: settings.companyZipCode,
    toZip: checked.address.ZIPCode,
    weightOz: settings.shirtWeightOz * bag.quantity,
    rateCard: settings.rateCard,
  });
  if (!quote.ok) {
    return quote.reason === 'bad-zip'
      ? { ok: false, reason: 'bad_address', message: quote.message }
      : { ok: false, reason: 'unavailable', message: quote.message };
  }
  const totals = computeCheckoutTotals({
    lines: bag.lines,
    option: input.shippingOption,
    quote,
    freeShippingTarget: settings.freeShippingTarget,
    taxRule: taxRuleFor(checked.address.state, settings.tax),
  });

  // charge: the intent's amount is always the server's total
  const updated = await deps.payments.updateAmount(
    input.paymentIntentId,
    totals.total,
    `checkout:${checkout.id}:v${checkout.version}:amount:${totals.total}`,
  );
  if (!updated.ok) {
    return updated.reason === 'not_found'
      ? { ok: false, reason: 'not_found', message: updated.message }
      : { ok: false, reason: 'already_paid', message: 'This order has already been paid.' };
  }

  // record, unless another update got there first (then do it all again on its result)
  const recorded = await repo.updateCheckoutIfVersion(db, checkout.id, checkout.version, {
    email: input.email,
    lines: JSON.stringify(bag.lines),
    shipping_name: input.name,
    shipping_address: JSON.stringify({ ...input.address, country: 'US' }),
    shipping_option: input.shippingOption,
    subtotal: totals.subtotal,
    shipping: totals.shipping,
    sales_tax: totals.salesTax,
    total: totals.total,
    updated_at: nowIso(),
  });
  return recorded ? { ok: true, value: totals } : 'conflict';
}

export function findCheckoutForIntent(db: Db, paymentIntentId: string) {
  return repo.findByIntent(db, paymentIntentId);
}

export function markCheckoutCompleted(trx: Db, checkoutId: string) {
  return repo.updateCheckout(trx, checkoutId, { status: 'completed', updated_at: nowIso() });
}
