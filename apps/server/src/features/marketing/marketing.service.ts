/**
 * Unsubscribing and the link back to the bag (decision 044): both take a signed token; an address
 * unsubscribes at once (the next sweep reads it), and a bag link answers the checkout's shirts.
 */
import { RestoredBagSchema, type RestoredBag } from '@sunward/core/schemas';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Ok } from '../../lib/result.ts';
import { checkoutLines } from '../checkout/checkout.api.ts';
import type { BagReminderLine } from './bag-reminder.template.tsx';
import { bagCheckoutId, marketingSecret, unsubscribeEmail } from './marketing-links.ts';
import * as repo from './marketing.repository.ts';

export type BadLink = Failure<'invalid-link'>;
const BAD_LINK = 'This link is not valid. Please use the link in the email as it was sent.';

export async function unsubscribeByToken(
  db: Db,
  token: string,
  source: 'one-click' | 'page',
): Promise<Ok<{ email: string }> | BadLink> {
  const email = unsubscribeEmail(await marketingSecret(db), token);
  if (!email) return fail('invalid-link', BAD_LINK);
  await repo.unsubscribe(db, email, source, nowIso());
  return ok({ email });
}

export async function bagByToken(db: Db, token: string): Promise<Ok<RestoredBag> | BadLink> {
  const id = bagCheckoutId(await marketingSecret(db), token);
  const stored = id ? await checkoutLines(db, id) : undefined;
  if (!stored) return fail('invalid-link', BAD_LINK);
  type Stored = BagReminderLine & { productId: string; priceId: string; unitAmount: number };
  // The checkout's priced lines, as cart lines (the storefront prices them again).
  const lines = (JSON.parse(stored) as Stored[]).map((l) => ({
    productId: l.productId,
    priceId: l.priceId,
    productCost: l.unitAmount,
    design: l.design,
    size: l.size,
    position: l.position,
    quantity: l.quantity,
  }));
  return ok(RestoredBagSchema.parse({ lines }));
}
