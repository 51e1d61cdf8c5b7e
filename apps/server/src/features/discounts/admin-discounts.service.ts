/** The console's discount codes (docs/decisions/042): the list with uses and revenue, create, edit. */
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { describeOffer } from '@sunward/core/discount';
import type { ConsoleDiscountCode, DiscountCodeInput } from '@sunward/core/discount-schemas';
import type { Db } from '../../db/database.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { recordOperatorAction, type Operator } from '../operators/operators.api.ts';
import * as repo from './discounts.repository.ts';
import type { DiscountCodeRow, NewDiscountCode } from './discounts.table.ts';
import { toDiscountCode } from './discounts.service.ts';

export type AdminDiscountFailure =
  Failure<'not_found'> | Failure<'code_taken', { fields: { code: string } }>;

function toConsole(
  row: DiscountCodeRow & {
    orders?: number;
    discount_given?: number;
    revenue?: number;
    refunded?: number;
  },
): ConsoleDiscountCode {
  const code = toDiscountCode(row);
  return {
    id: row.id,
    code: row.code,
    kind: code.kind,
    percent: row.percent,
    amountOff: row.amount_off,
    minSubtotal: row.min_subtotal,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    maxUses: row.max_uses,
    oncePerCustomer: code.oncePerCustomer,
    firstOrderOnly: code.firstOrderOnly,
    designs: code.designs ? [...code.designs] : null,
    active: code.active,
    description: describeOffer(code),
    uses: row.uses,
    orders: Number(row.orders ?? 0),
    discountGiven: Number(row.discount_given ?? 0),
    revenue: Number(row.revenue ?? 0),
    refunded: Number(row.refunded ?? 0),
    createdAt: row.created_at,
  };
}

function columns(input: DiscountCodeInput): Omit<NewDiscountCode, 'id' | 'created_at'> {
  return {
    code: input.code,
    kind: input.kind,
    percent: input.kind === 'percent' ? input.percent : null,
    amount_off: input.kind === 'amount' ? input.amountOff : null,
    min_subtotal: input.minSubtotal,
    starts_at: input.startsAt ? new Date(input.startsAt).toISOString() : null,
    ends_at: input.endsAt ? new Date(input.endsAt).toISOString() : null,
    max_uses: input.maxUses,
    once_per_customer: input.oncePerCustomer ? 1 : 0,
    first_order_only: input.firstOrderOnly ? 1 : 0,
    designs: input.designs ? JSON.stringify(input.designs) : null,
    active: input.active ? 1 : 0,
    updated_at: nowIso(),
  };
}

export async function listDiscountCodes(db: Db): Promise<ConsoleDiscountCode[]> {
  return (await repo.listCodesWithUses(db)).map(toConsole);
}

const taken = (code: string) =>
  fail('code_taken', `Code: ${code} is already a discount code.`, {
    fields: { code: `Code: ${code} is already a discount code.` },
  });

export async function createDiscountCode(
  db: Db,
  operator: Operator,
  input: DiscountCodeInput,
): Promise<Result<ConsoleDiscountCode, AdminDiscountFailure>> {
  const id = newId('dc');
  const at = nowIso();
  try {
    await db.transaction().execute(async (trx) => {
      await repo.insertCode(trx, { ...columns(input), id, created_at: at });
      await recordOperatorAction(trx, operator, {
        action: 'discount.create',
        targetType: 'discount',
        targetId: id,
        detail: { code: input.code },
        at,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return taken(input.code);
    throw error;
  }
  return ok(toConsole((await repo.findCodeById(db, id))!));
}

/** Edits a code (disabling it is `active: false`); its uses so far stay. */
export async function updateDiscountCode(
  db: Db,
  operator: Operator,
  id: string,
  input: DiscountCodeInput,
): Promise<Result<ConsoleDiscountCode, AdminDiscountFailure>> {
  const at = nowIso();
  try {
    const found = await db.transaction().execute(async (trx) => {
      if (!(await repo.updateCode(trx, id, columns(input)))) return false;
      await recordOperatorAction(trx, operator, {
        action: 'discount.update',
        targetType: 'discount',
        targetId: id,
        detail: { code: input.code, active: input.active },
        at,
      });
      return true;
    });
    if (!found) return fail('not_found', 'There is no such discount code.');
  } catch (error) {
    if (isUniqueViolation(error)) return taken(input.code);
    throw error;
  }
  const codes = await listDiscountCodes(db);
  return ok(codes.find((c) => c.id === id)!);
}
