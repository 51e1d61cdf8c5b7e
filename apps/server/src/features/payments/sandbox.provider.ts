/**
 * The sandbox card processor as a PaymentProvider: what Stripe would hold for the shop, kept in the
 * shop's own database (sandbox_payment_intents, sandbox_refunds). No network, no account.
 */
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { losableWrite } from '../../db/relaxed-commit.ts';
import { newId, nowIso, randomToken } from '../../lib/ids.ts';
import {
  UPDATABLE_STATUSES,
  type IntentStatus,
  type PaymentProvider,
  type ProviderResult,
  type RefundView,
} from './payment-provider.ts';
import * as repo from './sandbox.repository.ts';
import { toView } from './sandbox-intent-view.ts';
import { confirmIntent, type SandboxDeps } from './sandbox.service.ts';
import { verifySignature } from './webhook-signature.ts';

/**
 * `deps` is read when a payment is confirmed (the webhook emitter is made after the provider, on the
 * same app).
 */
export function createSandboxProvider(
  db: Db,
  webhookSecret: string,
  deps: () => SandboxDeps,
): PaymentProvider {
  return {
    name: 'sandbox',

    async listPayments({ from, to }) {
      const rows = await repo.listIntentsCreated(db, from, to);
      return rows.map((r) => ({
        id: r.id,
        status: r.status as IntentStatus,
        amount: r.amount,
        amountRefunded: r.amount_refunded,
        createdAt: r.created_at,
      }));
    },

    async createIntent({ amount, metadata, idempotencyKey }) {
      const id = newId('pi');
      const now = nowIso();
      await repo.insertIntent(db, {
        id,
        client_secret: `${id}_secret_${randomToken(18)}`,
        amount,
        currency: 'usd',
        status: 'requires_payment_method',
        metadata: JSON.stringify(metadata),
        amount_refunded: 0,
        idempotency_key: idempotencyKey,
        created_at: now,
        updated_at: now,
      });
      // Same key, same answer: a retried request gets the intent the first one created.
      const row = await repo.findIntentByIdempotencyKey(db, idempotencyKey);
      return toView(row!);
    },

    async updateAmount(id, amount) {
      // An unpaid intent's new amount may be lost to a power cut: the checkout's priced total, written
      // next and waiting for the disk, makes it durable too; without it, the two keep the old amount.
      const updated = await losableWrite(db, (executor) =>
        repo.updateIntentIf(executor, id, UPDATABLE_STATUSES, { amount, updated_at: nowIso() }),
      );
      if (updated) return { ok: true, value: toView(updated) };
      const row = await repo.findIntent(db, id);
      if (!row) return { ok: false, code: 'not_found', message: `No such payment_intent: '${id}'` };
      return {
        ok: false,
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's amount could not be updated because it has a status of ${row.status}.`,
      };
    },

    async retrieve(id) {
      const row = await repo.findIntent(db, id);
      return row ? toView(row) : undefined;
    },

    async confirm(id, { paymentMethod, billingDetails, shipping, returnUrl }) {
      if (paymentMethod.type !== 'card') {
        return {
          kind: 'invalid',
          code: 'payment_method_unsupported',
          message: 'The sandbox takes card details, not a confirmation token.',
        };
      }
      return confirmIntent(db, deps(), id, {
        card: paymentMethod.card,
        billingDetails,
        shipping,
        returnUrl,
      });
    },

    refund(id, input) {
      return db.transaction().execute((trx) => refundIn(trx, id, input));
    },

    verifyWebhook(rawBody, header) {
      return verifySignature(webhookSecret, rawBody, header);
    },
  };
}

/** A refund of a paid intent, within what is left of it; the same idempotency key answers the same refund. */
async function refundIn(
  trx: Transaction<Database>,
  id: string,
  { amount, reason, idempotencyKey }: { amount?: number; reason?: string; idempotencyKey: string },
): Promise<ProviderResult<RefundView>> {
  // Refunds of one intent queue up here (the row lock), so a retry with the same key sees the first.
  await repo.lockIntent(trx, id);
  const earlier = await repo.findRefundByIdempotencyKey(trx, idempotencyKey);
  if (earlier) return { ok: true, value: { id: earlier.id, amount: earlier.amount } };
  const row = await repo.findIntent(trx, id);
  if (!row) return { ok: false, code: 'not_found', message: `No such payment_intent: '${id}'` };
  if (row.status !== 'succeeded') {
    return { ok: false, code: 'not_paid', message: 'This PaymentIntent has not been paid.' };
  }
  const value = amount ?? row.amount - row.amount_refunded;
  if (!Number.isInteger(value) || value <= 0) {
    return { ok: false, code: 'invalid_amount', message: 'Refund amount must be positive.' };
  }
  const refundId = newId('re');
  const done = await repo.recordRefund(trx, {
    id: refundId,
    paymentIntentId: id,
    amount: value,
    reason: reason ?? null,
    key: idempotencyKey,
    at: nowIso(),
  });
  if (!done) {
    return {
      ok: false,
      code: 'amount_too_large',
      message: `Refund amount (${value}) is greater than the unrefunded amount on the charge (${row.amount - row.amount_refunded}).`,
    };
  }
  return { ok: true, value: { id: refundId, amount: value } };
}
