/**
 * The sandbox processor's confirm step and 3-D Secure challenge, following Stripe's test cards:
 * validate the card, decide the outcome, record it on the intent with its payment webhook's job.
 */
import {
  cardBrand,
  digitsOnly,
  testCardOutcome,
  validateCard,
  CARD_MESSAGES,
} from '@sunward/core/card';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { CardInputSchema, BillingDetails } from '@sunward/core/checkout-schemas';
import type { Address } from '@sunward/core/schemas';
import type { Db } from '../../db/database.ts';
import { nowIso, randomToken } from '../../lib/ids.ts';
import { CONFIRMABLE_STATUSES, type ConfirmOutcome } from './payment-provider.ts';
import type { SandboxPaymentIntentsTable } from './payments.table.ts';
import { returnUrlFor } from './return-url.ts';
import * as repo from './sandbox.repository.ts';
import { toView } from './sandbox-intent-view.ts';
import { intentEvent, type SandboxWebhookEmitter } from './sandbox-webhooks.ts';

export interface SandboxConfirmInput {
  card: z.infer<typeof CardInputSchema>;
  billingDetails: BillingDetails;
  shipping?: { name: string; address: Address } | undefined;
  returnUrl: string;
}

export interface SandboxDeps {
  siteUrl: string;
  webhooks: SandboxWebhookEmitter;
}

const CONFIRMABLE: readonly string[] = CONFIRMABLE_STATUSES;
const SUCCEEDED = 'payment_intent.succeeded';
const FAILED = 'payment_intent.payment_failed';

/**
 * Confirms an intent with a test card. Called by the shop's server (the PaymentProvider's confirm), never
 * by the page: the shop checks the amount against its own total first.
 */
export async function confirmIntent(
  db: Db,
  deps: SandboxDeps,
  id: string,
  input: SandboxConfirmInput,
): Promise<ConfirmOutcome> {
  const row = await repo.findIntent(db, id);
  if (!row) {
    return {
      kind: 'invalid',
      code: 'resource_missing',
      message: `No such payment_intent: '${id}'`,
    };
  }
  if (!CONFIRMABLE.includes(row.status)) {
    return {
      kind: 'invalid',
      code: 'payment_intent_unexpected_state',
      message: `You cannot confirm this PaymentIntent because it has a status of ${row.status}.`,
    };
  }
  const problem = validateCard(input.card);
  if (problem) {
    return {
      kind: 'invalid',
      code: problem.code,
      message: problem.message,
      fields: { [`card.${problem.field}`]: problem.message },
    };
  }
  const digits = digitsOnly(input.card.number);
  const now = nowIso();
  const card = { card_brand: cardBrand(digits), card_last4: digits.slice(-4) };
  const details = {
    billing_details: JSON.stringify({ phone: null, ...input.billingDetails }),
    shipping: input.shipping ? JSON.stringify(input.shipping) : null,
  };
  const outcome = testCardOutcome(digits);

  if (outcome.kind === 'declined') {
    await changeIntent(db, deps, id, CONFIRMABLE, FAILED, {
      status: 'requires_payment_method',
      last_error: JSON.stringify({
        code: outcome.code,
        decline_code: outcome.declineCode,
        message: outcome.message,
      }),
      updated_at: now,
    });
    return {
      kind: 'declined',
      code: outcome.code,
      declineCode: outcome.declineCode,
      message: outcome.message,
    };
  }

  if (outcome.kind === 'requires_action') {
    const token = randomToken(24);
    const moved = await repo.updateIntentIf(db, id, CONFIRMABLE, {
      status: 'requires_action',
      challenge_token: token,
      return_url: input.returnUrl,
      ...card,
      ...details,
      updated_at: now,
    });
    if (!moved) return stateChanged();
    return {
      kind: 'requires_action',
      challengeUrl: `${deps.siteUrl}/api/sandbox/challenge/${token}`,
    };
  }

  const paid = await changeIntent(db, deps, id, CONFIRMABLE, SUCCEEDED, {
    status: 'succeeded',
    last_error: null,
    ...card,
    ...details,
    updated_at: now,
  });
  if (!paid) return stateChanged();
  return { kind: 'succeeded' };
}

function stateChanged(): ConfirmOutcome {
  return {
    kind: 'invalid',
    code: 'payment_intent_unexpected_state',
    message: 'This PaymentIntent was confirmed by another request.',
  };
}

/**
 * Moves the intent (if still in one of `from`) and enqueues its webhook in one transaction: the event
 * exists if and only if the change commits, and a change that did not apply sends nothing.
 */
function changeIntent(
  db: Db,
  deps: SandboxDeps,
  id: string,
  from: readonly string[],
  eventType: string,
  changes: Updateable<SandboxPaymentIntentsTable>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await repo.updateIntentIf(trx, id, from, changes);
    if (!row) return false;
    await deps.webhooks.enqueue(trx, intentEvent(eventType, toView(row)));
    return true;
  });
}

/** What Stripe.js's retrievePaymentIntent gives the page: status and the last error, for the secret's holder. */
export async function intentStatus(db: Db, id: string, clientSecret: string) {
  const row = await repo.findIntent(db, id);
  if (!row || row.client_secret !== clientSecret) return undefined;
  const lastError = row.last_error
    ? (JSON.parse(row.last_error) as { code?: string; message?: string })
    : null;
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    lastPaymentError: lastError
      ? { code: lastError.code ?? 'card_declined', message: lastError.message ?? '' }
      : null,
  };
}

export async function findChallenge(db: Db, token: string) {
  const row = await repo.findIntentByChallengeToken(db, token);
  return row && row.status === 'requires_action' ? row : undefined;
}

/** Completes or fails the challenge; answers where to send the shopper. */
export async function finishChallenge(
  db: Db,
  deps: SandboxDeps,
  token: string,
  outcome: 'complete' | 'fail',
): Promise<{ redirectUrl: string } | undefined> {
  const row = await findChallenge(db, token);
  if (!row || !row.return_url) return undefined;
  const now = nowIso();
  if (outcome === 'complete') {
    const paid = await changeIntent(db, deps, row.id, ['requires_action'], SUCCEEDED, {
      status: 'succeeded',
      challenge_token: null,
      updated_at: now,
    });
    if (!paid) return undefined;
    return { redirectUrl: returnUrlFor(row.return_url, row, 'succeeded') };
  }
  await changeIntent(db, deps, row.id, ['requires_action'], FAILED, {
    status: 'requires_payment_method',
    challenge_token: null,
    card_brand: null,
    card_last4: null,
    last_error: JSON.stringify({
      code: 'payment_intent_authentication_failure',
      message: CARD_MESSAGES.authenticationFailed,
    }),
    updated_at: now,
  });
  return { redirectUrl: returnUrlFor(row.return_url, row, 'failed') };
}
