/**
 * Discount codes (issue 28 item 1, docs/decisions/042): a code looked up and checked for a bag and a
 * shopper (core's rules), a use held for a checkout before its card is charged, used by its order in
 * the order's transaction, or given back.
 */
import {
  checkDiscount,
  normalizeCode,
  unknownCode,
  type DiscountCode,
  type DiscountFailureCode,
  type DiscountLine,
  type DiscountOffer,
} from '@sunward/core/discount';
import { type Db, inTransaction } from '../../db/database.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import * as repo from './discounts.repository.ts';
import type { DiscountCodeRow } from './discounts.table.ts';

export type DiscountFailure = Failure<DiscountFailureCode>;

export interface Shopper {
  customerId: string | null;
  email: string | null;
}

/** A code row as core's rules read it. */
export function toDiscountCode(row: DiscountCodeRow): DiscountCode {
  const designs = row.designs ? (JSON.parse(row.designs) as string[]) : null;
  const offer: DiscountOffer =
    row.kind === 'percent'
      ? { kind: 'percent', percent: row.percent ?? 0, designs }
      : row.kind === 'amount'
        ? { kind: 'amount', amountOff: row.amount_off ?? 0, designs }
        : { kind: 'free_shipping', designs };
  return {
    ...offer,
    code: row.code,
    active: row.active === 1,
    minSubtotal: row.min_subtotal,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    maxUses: row.max_uses,
    uses: row.uses,
    oncePerCustomer: row.once_per_customer === 1,
    firstOrderOnly: row.first_order_only === 1,
  };
}

export interface AppliedCode {
  id: string;
  code: DiscountCode;
}

/**
 * The code the shopper typed, if it applies to these lines for this shopper now (a checkout passes its
 * own id, so the use it holds itself does not count against it).
 */
export async function findApplicableCode(
  db: Db,
  input: {
    code: string;
    lines: readonly DiscountLine[];
    shopper: Shopper;
    checkoutId?: string | null;
    now?: Date;
  },
): Promise<Result<AppliedCode, DiscountFailure>> {
  const typed = normalizeCode(input.code);
  const row = typed ? await repo.findCodeByCode(db, typed) : undefined;
  if (!row) {
    const unknown = unknownCode(typed || input.code.trim());
    return fail('unknown', unknown.ok ? '' : unknown.message);
  }
  const code = toDiscountCode(row);
  const own = input.checkoutId ? await repo.redemptionOfCheckout(db, input.checkoutId) : undefined;
  const holdsIt = own?.code_id === row.id && own.status === 'held';
  const shopper = {
    usedCodeBefore:
      code.oncePerCustomer &&
      (await repo.customerUsedCode(db, row.id, input.shopper, input.checkoutId ?? null)),
    hasOrdered: code.firstOrderOnly && (await repo.customerHasOrdered(db, input.shopper)),
  };
  // A use this checkout holds is its own: the code is not used up for it.
  const checked = checkDiscount(
    holdsIt ? { ...code, uses: code.uses - 1 } : code,
    input.lines,
    shopper,
    input.now ?? new Date(),
  );
  if (!checked.ok) return fail(checked.code, checked.message);
  return ok({ id: row.id, code });
}

/**
 * Holds one use of the code for the checkout, before its card is charged: the one conditional UPDATE
 * (repo.takeUse) decides which of many shoppers gets a code's last use, and which of one customer's
 * checkouts placed at once gets a once-per-customer code. A use the checkout already
 * holds of the same code is kept; one of another code is given back. In its own transaction.
 */
export async function holdUse(
  db: Db,
  input: { checkoutId: string; codeId: string; shopper: Shopper; discount: number },
): Promise<Result<true, DiscountFailure>> {
  return db.transaction().execute(async (trx) => {
    const own = await repo.redemptionOfCheckout(trx, input.checkoutId);
    if (own && own.status !== 'released' && own.code_id === input.codeId) {
      await repo.updateRedemption(trx, own.id, { discount: input.discount, updated_at: nowIso() });
      return ok(true as const);
    }
    if (own && own.status === 'held') await giveBack(trx, own);
    const code = await repo.findCodeById(trx, input.codeId);
    if (!code || !(await repo.takeUse(trx, input.codeId))) {
      return fail('used_up', `The discount code ${code?.code ?? ''} has just been used up.`);
    }
    // Once per customer, exact: takeUse's UPDATE holds the code's row until this commits, so every
    // hold of this code waits here for the one before it and sees its use (PostgreSQL reads each
    // statement after the lock is granted; SQLite has one writer).
    if (
      code.once_per_customer === 1 &&
      (await repo.customerUsedCode(trx, code.id, input.shopper, input.checkoutId))
    ) {
      await repo.giveUseBack(trx, code.id);
      return fail('once_per_customer', `You have already used the discount code ${code.code}.`);
    }
    const email = input.shopper.email?.toLowerCase() ?? null;
    const now = nowIso();
    const row = {
      code_id: input.codeId,
      customer_id: input.shopper.customerId,
      email,
      status: 'held' as const,
      order_id: null,
      discount: input.discount,
      order_total: null,
      updated_at: now,
    };
    if (own) {
      await repo.updateRedemption(trx, own.id, row);
    } else {
      await repo.insertRedemption(trx, {
        ...row,
        id: newId('dr'),
        checkout_id: input.checkoutId,
        created_at: now,
      });
    }
    return ok(true as const);
  });
}

async function giveBack(db: Db, redemption: { id: string; code_id: string }) {
  const released = await repo.updateRedemptionIfStatus(db, redemption.id, 'held', {
    status: 'released',
    updated_at: nowIso(),
  });
  if (released) await repo.giveUseBack(db, redemption.code_id);
}

/**
 * Gives back the use a checkout holds (its card was declined, or its code was removed); in the
 * caller's transaction when given one.
 */
export async function releaseUse(db: Db, checkoutId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const own = await repo.redemptionOfCheckout(trx, checkoutId);
    if (own?.status === 'held') await giveBack(trx, own);
  });
}

/**
 * The order's transaction makes the checkout's use its own. Answers false when the checkout holds no
 * use of its code and none is left to take (the caller refunds the payment: never an order at a price
 * other than the one charged).
 */
export async function useForOrder(
  trx: Db,
  input: {
    checkoutId: string;
    code: string;
    orderId: string;
    orderTotal: number;
    discount: number;
    shopper: Shopper;
  },
): Promise<boolean> {
  const change = {
    status: 'used' as const,
    order_id: input.orderId,
    order_total: input.orderTotal,
    discount: input.discount,
    updated_at: nowIso(),
  };
  const own = await repo.redemptionOfCheckout(trx, input.checkoutId);
  const row = await repo.findCodeByCode(trx, input.code);
  if (!row) return false;
  if (own?.code_id === row.id && own.status === 'held') {
    return repo.updateRedemptionIfStatus(trx, own.id, 'held', change);
  }
  if (own?.code_id === row.id && own.status === 'used') return own.order_id === input.orderId;
  // No hold (given back meanwhile): take a use now, or none.
  if (!(await repo.takeUse(trx, row.id))) return false;
  if (own) {
    await repo.updateRedemption(trx, own.id, { ...change, code_id: row.id });
  } else {
    await repo.insertRedemption(trx, {
      ...change,
      id: newId('dr'),
      code_id: row.id,
      checkout_id: input.checkoutId,
      customer_id: input.shopper.customerId,
      email: input.shopper.email?.toLowerCase() ?? null,
      created_at: change.updated_at,
    });
  }
  return true;
}
