/**
 * The size guide as catalogue data (issue 29 item 3, decision 050), on each database: seeded with the
 * spec's table, served with the products (so the prerendered pages follow), changed by operators with
 * compare-and-set, validated with messages naming the size and the measurement (nothing changed), and
 * recorded as an operator action.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SPEC_SIZE_GUIDE } from '@sunward/core/size-guide';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRODUCT_ID, seed } from '../../db/seed.ts';
import { consoleAs, operatorActions } from './admin-catalog.factories.ts';
import type { ConsoleCatalog } from './admin-catalog.service.ts';

const URL = `/api/admin/catalog/products/${SHIRT_PRODUCT_ID}/size-guide`;

describe.each(DATABASE_KINDS)('the size guide on %s', (kind) => {
  let t: TestApp;
  let as: Awaited<ReturnType<typeof consoleAs>>;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp(kind);
    as = await consoleAs(t);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await db()
      .updateTable('size_measurements')
      .set({ width_in: 16, length_in: 27, sleeve_in: 8, version: 0 })
      .execute();
    await db().deleteFrom('operator_actions').execute();
    t.app.catalogCache.invalidate();
  });

  const storefrontGuide = async () => {
    const res = await t.request('GET', '/api/products');
    expect(res.status).toBe(200);
    return (res.body as { sizeGuide: unknown }[])[0]!.sizeGuide;
  };
  const consoleRow = async (size: string) => {
    const res = await t.request('GET', '/api/admin/catalog', undefined, as.operator);
    return (res.body as ConsoleCatalog).products[0]!.sizeGuide.find((m) => m.size === size)!;
  };
  const patch = (size: string, body: object, headers: Record<string, string> = as.operator) =>
    t.request('PATCH', `${URL}/${size}`, body, headers);

  it('serves the spec’s table with the products, in size order; the seed never overwrites it', async () => {
    expect(await storefrontGuide()).toEqual(SPEC_SIZE_GUIDE);
    expect(await consoleRow('xxlr')).toEqual({
      size: 'xxlr',
      label: 'XXL - Regular',
      width: 16,
      length: 27,
      sleeve: 8,
      version: 0,
    });
    await db()
      .updateTable('size_measurements')
      .set({ width_in: 17 })
      .where('size', '=', 'sms')
      .execute();
    expect(await seed(db())).toBe(0);
    const row = await db()
      .selectFrom('size_measurements')
      .select('width_in')
      .where('size', '=', 'sms')
      .executeTakeFirstOrThrow();
    expect(Number(row.width_in)).toBe(17);
  });

  it('changes a size from the version read; the shop shows it at once; recorded once', async () => {
    const saved = await patch('xxlr', { version: 0, width: 25.5, length: 31.25, sleeve: 9.75 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      size: 'xxlr',
      label: 'XXL - Regular',
      width: 25.5,
      length: 31.25,
      sleeve: 9.75,
      version: 1,
    });
    const guide = (await storefrontGuide()) as { size: string }[];
    expect(guide.find((m) => m.size === 'xxlr')).toEqual({
      size: 'xxlr',
      width: 25.5,
      length: 31.25,
      sleeve: 9.75,
    });
    // A repeat (a double click) records nothing more.
    expect(
      (await patch('xxlr', { version: 0, width: 25.5, length: 31.25, sleeve: 9.75 })).status,
    ).toBe(200);
    const actions = await operatorActions(t, 'size-guide.change');
    expect(actions).toHaveLength(1);
    expect(JSON.parse(actions[0]!.detail ?? '{}')).toMatchObject({
      size: 'xxlr',
      from: { width: 16, length: 27, sleeve: 8 },
      to: { width: 25.5, length: 31.25, sleeve: 9.75 },
    });
    // From a version another operator has moved past: 409 with the current values, nothing written.
    const stale = await patch('xxlr', { version: 0, width: 20, length: 30, sleeve: 9 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'measurements_changed',
      current: { width: 25.5, version: 1 },
    });
    expect((await consoleRow('xxlr')).width).toBe(25.5);
  });

  it('refuses bad measurements with messages naming the size and field, changing nothing', async () => {
    const bad = await patch('mdr', { version: 0, width: -16, length: 27, sleeve: 'long' });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      code: 'invalid_measurements',
      fields: {
        width:
          'MD - Regular width must be from 10 to 40 inches, in quarter inches (16, 16.25, 16.5).',
        sleeve:
          'MD - Regular sleeve must be from 4 to 40 inches, in quarter inches (16, 16.25, 16.5).',
      },
    });
    const odd = await patch('mdr', { version: 0, width: 16.3, length: 100, sleeve: 8 });
    expect(odd.status).toBe(422);
    expect(Object.keys((odd.body as { fields: object }).fields)).toEqual(['width', 'length']);
    expect((await patch('huge', { version: 0, width: 16, length: 27, sleeve: 8 })).status).toBe(
      400,
    );
    expect(
      (await patch('mdr', { version: 0, width: 16, length: 27, sleeve: 8, colour: 'red' })).status,
    ).toBe(400);
    expect((await consoleRow('mdr')).version).toBe(0);
    expect(await operatorActions(t)).toEqual([]);
  });

  it('answers 401 without a token and 403 to a customer', async () => {
    const body = { version: 0, width: 20, length: 27, sleeve: 8 };
    expect((await t.request('PATCH', `${URL}/mdr`, body)).status).toBe(401);
    expect((await patch('mdr', body, as.customer)).status).toBe(403);
    expect((await consoleRow('mdr')).width).toBe(16);
  });
});
