/** Test factories for discount codes: a code in the database, as the console would store it. */
import type { TestApp } from '../../../test/test-app.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { NewDiscountCode } from './discounts.table.ts';

/** A code (default: SUN20, 20% off everything, no limits). */
export async function createCode(
  t: Pick<TestApp, 'database'>,
  overrides: Partial<NewDiscountCode> = {},
) {
  const now = nowIso();
  const row: NewDiscountCode = {
    id: newId('dc'),
    code: 'SUN20',
    kind: 'percent',
    percent: 20,
    amount_off: null,
    min_subtotal: null,
    starts_at: null,
    ends_at: null,
    max_uses: null,
    once_per_customer: 0,
    first_order_only: 0,
    designs: null,
    active: 1,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await t.database.db.insertInto('discount_codes').values(row).execute();
  return row;
}

export function codeRow(t: Pick<TestApp, 'database'>, id: string) {
  return t.database.db
    .selectFrom('discount_codes')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
