/**
 * Stripe as a PaymentProvider: PaymentIntents with automatic payment methods (the Payment Element on
 * the page), amounts in cents, an idempotency key on every write, webhook signatures checked with the
 * SDK. Selected when STRIPE_SECRET_KEY is set.
 */
import Stripe from 'stripe';
import type { Address } from '@sunward/core/schemas';
import type {
  IntentStatus,
  PaymentIntentView,
  PaymentProvider,
  PaymentRecord,
  WebhookEvent,
} from './payment-provider.ts';
import { UPDATABLE_STATUSES } from './payment-provider.ts';

export interface StripeOptions {
  secretKey: string;
  publishableKey?: string;
  webhookSecret?: string;
  /** For tests against a local stand-in. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

type StripeAddress =
  | {
      line1?: string | null;
      line2?: string | null;
      city?: string | null;
      state?: string | null;
      postal_code?: string | null;
    }
  | null
  | undefined;

function toAddress(a: StripeAddress): Address {
  return {
    line1: a?.line1 ?? '',
    line2: a?.line2 ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
    postal_code: a?.postal_code ?? '',
    country: 'US',
  };
}

/** Maps a Stripe PaymentIntent (with latest_charge expanded) to the shop's view. */
export function mapStripeIntent(pi: Stripe.PaymentIntent): PaymentIntentView {
  const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  const billing = charge?.billing_details;
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    amount: pi.amount,
    currency: pi.currency,
    status: pi.status as IntentStatus,
    amountRefunded: charge?.amount_refunded ?? 0,
    metadata: { ...pi.metadata },
    card: card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null,
    billing: billing
      ? {
          name: billing.name ?? '',
          email: billing.email ?? '',
          phone: billing.phone ?? null,
          address: toAddress(billing.address),
        }
      : null,
    shipping: pi.shipping
      ? { name: pi.shipping.name ?? '', address: toAddress(pi.shipping.address) }
      : null,
  };
}

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    // Bounded, so a checkout's lease is never held by a hung call for long (checkout-lease.ts).
    timeout: 10_000,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });
  const retrieve = async (id: string) => {
    try {
      return mapStripeIntent(
        await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }),
      );
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) {
        return undefined;
      }
      throw err;
    }
  };

  return {
    name: 'stripe',

    async listPayments({ from, to }) {
      // Every page, as Stripe pages them (newest first, starting_after the last one's id).
      const records: PaymentRecord[] = [];
      const pages = stripe.paymentIntents.list({
        created: {
          gte: Math.floor(Date.parse(from) / 1000),
          lt: Math.floor(Date.parse(to) / 1000),
        },
        limit: 100,
        expand: ['data.latest_charge'],
      });
      for await (const pi of pages) {
        records.push({
          id: pi.id,
          status: pi.status as IntentStatus,
          amount: pi.amount,
          amountRefunded:
            typeof pi.latest_charge === 'object' ? (pi.latest_charge?.amount_refunded ?? 0) : 0,
          createdAt: new Date(pi.created * 1000).toISOString(),
        });
      }
      return records.sort(
        (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
      );
    },
    ...(options.publishableKey ? { publishableKey: options.publishableKey } : {}),

    async createIntent({ amount, metadata, idempotencyKey }) {
      const pi = await stripe.paymentIntents.create(
        { amount, currency: 'usd', automatic_payment_methods: { enabled: true }, metadata },
        { idempotencyKey },
      );
      return mapStripeIntent(pi);
    },

    async updateAmount(id, amount, idempotencyKey) {
      const current = await retrieve(id);
      if (!current)
        return { ok: false, code: 'not_found', message: `No such payment_intent: '${id}'` };
      if (!UPDATABLE_STATUSES.includes(current.status)) {
        return {
          ok: false,
          code: 'payment_intent_unexpected_state',
          message: `This PaymentIntent's amount could not be updated because it has a status of ${current.status}.`,
        };
      }
      try {
        const pi = await stripe.paymentIntents.update(id, { amount }, { idempotencyKey });
        return { ok: true, value: mapStripeIntent(pi) };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          return { ok: false, code: err.code ?? 'invalid_request', message: err.message };
        }
        throw err;
      }
    },

    retrieve,

    async confirm(id, { paymentMethod, shipping, returnUrl, idempotencyKey }) {
      if (paymentMethod.type !== 'confirmation_token') {
        return {
          kind: 'invalid',
          code: 'payment_method_unsupported',
          message: 'Card details must go to Stripe through the Payment Element.',
        };
      }
      try {
        const pi = await stripe.paymentIntents.confirm(
          id,
          {
            confirmation_token: paymentMethod.id,
            return_url: returnUrl,
            ...(shipping
              ? { shipping: { name: shipping.name, address: { ...shipping.address } } }
              : {}),
          },
          { idempotencyKey },
        );
        if (pi.status === 'succeeded' || pi.status === 'processing') return { kind: 'succeeded' };
        if (pi.status === 'requires_action') return { kind: 'requires_action' };
        const error = pi.last_payment_error;
        return {
          kind: 'declined',
          code: error?.code ?? 'card_declined',
          ...(error?.decline_code ? { declineCode: error.decline_code } : {}),
          message: error?.message ?? 'Your card was declined.',
        };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) {
          return {
            kind: 'declined',
            code: err.code ?? 'card_declined',
            ...(err.decline_code ? { declineCode: err.decline_code } : {}),
            message: err.message,
          };
        }
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          return { kind: 'invalid', code: err.code ?? 'invalid_request', message: err.message };
        }
        throw err;
      }
    },

    async refund(id, { amount, reason, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: id,
            ...(amount !== undefined ? { amount } : {}),
            ...(reason ? { metadata: { reason } } : {}),
          },
          { idempotencyKey },
        );
        return { ok: true, value: { id: refund.id, amount: refund.amount } };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          return { ok: false, code: err.code ?? 'invalid_request', message: err.message };
        }
        // Stripe out of reach or failing (after the SDK's retries): no refund the shop can record. If
        // Stripe made it after all, a retry with the same idempotency key answers that one refund.
        if (
          err instanceof Stripe.errors.StripeConnectionError ||
          err instanceof Stripe.errors.StripeAPIError ||
          err instanceof Stripe.errors.StripeRateLimitError
        ) {
          return { ok: false, code: 'provider_unavailable', message: err.message };
        }
        throw err;
      }
    },

    verifyWebhook(rawBody, header) {
      if (!options.webhookSecret) {
        return { ok: false, message: 'STRIPE_WEBHOOK_SECRET is not set: webhooks are refused.' };
      }
      if (!header) return { ok: false, message: 'No Stripe-Signature header.' };
      try {
        const event = stripe.webhooks.constructEvent(rawBody, header, options.webhookSecret);
        return { ok: true, event: event as unknown as WebhookEvent };
      } catch (err) {
        return { ok: false, message: (err as Error).message };
      }
    },
  };
}
