/**
 * A use held by a checkout that was never paid is given back after an hour, so a code's last use is
 * not locked away by an abandoned card check; a held use younger than that, and a used one, stay. On
 * both databases; run again, it gives back nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { codeRow, createCode } from './discounts.factories.ts';
import { holdUse } from './discounts.service.ts';
import { releaseStaleHolds, STALE_HOLD_MS } from './stale-holds-job.ts';

describe.each(DATABASE_KINDS)('stale discount holds on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const shopper = (email: string) => ({ customerId: null, email });
  const age = (checkoutId: string, at: string) =>
    t.database.db
      .updateTable('discount_redemptions')
      .set({ updated_at: at })
      .where('checkout_id', '=', checkoutId)
      .execute();

  it('gives back a use held for more than an hour, once; a newer hold and a used one stay', async () => {
    const code = await createCode(t, { code: `LAST${Date.now()}`, max_uses: 2 });
    const [abandoned, recent] = [newId('co'), newId('co')];
    for (const [checkoutId, email] of [
      [abandoned, 'left@example.com'],
      [recent, 'paying@example.com'],
    ] as const) {
      const held = await holdUse(t.database.db, {
        checkoutId,
        codeId: code.id,
        shopper: shopper(email),
        discount: 900,
      });
      expect(held.ok).toBe(true);
    }
    expect((await codeRow(t, code.id)).uses).toBe(2);
    // The last use is taken: a third shopper is refused.
    const third = await holdUse(t.database.db, {
      checkoutId: newId('co'),
      codeId: code.id,
      shopper: shopper('third@example.com'),
      discount: 900,
    });
    expect(third.ok).toBe(false);

    const now = Date.now();
    await age(abandoned, new Date(now - STALE_HOLD_MS - 60_000).toISOString());
    const before = new Date(now - STALE_HOLD_MS).toISOString();
    expect(await releaseStaleHolds(t.database.db, before)).toBe(1);
    expect(await releaseStaleHolds(t.database.db, before)).toBe(0);
    expect((await codeRow(t, code.id)).uses).toBe(1);
    const statuses = await t.database.db
      .selectFrom('discount_redemptions')
      .select(['checkout_id', 'status'])
      .where('code_id', '=', code.id)
      .orderBy('checkout_id')
      .execute();
    expect(Object.fromEntries(statuses.map((r) => [r.checkout_id, r.status]))).toEqual({
      [abandoned]: 'released',
      [recent]: 'held',
    });

    // The use given back goes to the next shopper.
    const next = await holdUse(t.database.db, {
      checkoutId: newId('co'),
      codeId: code.id,
      shopper: shopper('next@example.com'),
      discount: 900,
    });
    expect(next.ok).toBe(true);
    expect((await codeRow(t, code.id)).uses).toBe(2);
  });
});
