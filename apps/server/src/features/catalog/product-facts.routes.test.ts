/**
 * The product's facts (issue 16): served with the catalogue (and its fast lane), changed by operators
 * with compare-and-set, recorded, validated with messages naming the fact, and shown to shoppers at
 * once in this process.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHIRT_FACTS } from '@sunward/core/product-facts';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRODUCT_ID, seed } from '../../db/seed.ts';
import { consoleAs, operatorActions } from './admin-catalog.factories.ts';
import type { ConsoleCatalog } from './admin-catalog.service.ts';

const FACTS_URL = `/api/admin/catalog/products/${SHIRT_PRODUCT_ID}/facts`;

describe.each(DATABASE_KINDS)('product facts on %s', (kind) => {
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
      .updateTable('product_facts')
      .set({ ...SHIRT_FACTS, version: 0 })
      .execute();
    await db().deleteFrom('operator_actions').execute();
    // What the tests before left in this process's cache goes with the rows they changed.
    t.app.catalogCache.invalidate();
  });

  const storefrontFacts = async () => {
    const res = await t.request('GET', '/api/products');
    expect(res.status).toBe(200);
    return (res.body as { facts: unknown }[])[0]!.facts;
  };
  const consoleFacts = async () => {
    const res = await t.request('GET', '/api/admin/catalog', undefined, as.operator);
    return (res.body as ConsoleCatalog).products[0]!.facts;
  };
  const patch = (body: object, headers: Record<string, string> = as.operator) =>
    t.request('PATCH', FACTS_URL, body, headers);

  it('serves the seeded facts with the products and the one product', async () => {
    expect(await storefrontFacts()).toEqual(SHIRT_FACTS);
    const one = await t.request('GET', `/api/products/${SHIRT_PRODUCT_ID}`);
    expect((one.body as { facts: unknown }).facts).toEqual(SHIRT_FACTS);
    expect(await consoleFacts()).toEqual({ facts: SHIRT_FACTS, version: 0 });
  });

  it('seeds the facts once and never overwrites an operator’s', async () => {
    await db().updateTable('product_facts').set({ care: 'Hand wash.' }).execute();
    expect(await seed(db())).toBe(0);
    const row = await db().selectFrom('product_facts').selectAll().executeTakeFirstOrThrow();
    expect(row.care).toBe('Hand wash.');
  });

  it('changes the facts, records what changed, and the storefront follows at once', async () => {
    expect(await storefrontFacts()).toEqual(SHIRT_FACTS); // cached before the change
    const facts = { ...SHIRT_FACTS, care: '  Machine wash cold; hang to dry.  ' };
    const res = await patch({ version: 0, facts });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      productId: SHIRT_PRODUCT_ID,
      facts: { ...SHIRT_FACTS, care: 'Machine wash cold; hang to dry.' },
      version: 1,
    });
    expect(await storefrontFacts()).toMatchObject({ care: 'Machine wash cold; hang to dry.' });
    const actions = await operatorActions(t, 'product.facts');
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({
      operator_email: as.operatorEmail,
      target_type: 'product',
      target_id: SHIRT_PRODUCT_ID,
    });
    expect(JSON.parse(actions[0]!.detail)).toEqual({
      from: { care: SHIRT_FACTS.care },
      to: { care: 'Machine wash cold; hang to dry.' },
    });
  });

  it('refuses a stale change with 409 and the current facts; a repeat records nothing', async () => {
    const first = { ...SHIRT_FACTS, fit: 'Relaxed fit.' };
    expect((await patch({ version: 0, facts: first })).status).toBe(200);
    // The same change again from the old version (a double click): answered, nothing recorded.
    const again = await patch({ version: 0, facts: first });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ version: 1, facts: first });
    const stale = await patch({ version: 0, facts: { ...SHIRT_FACTS, fit: 'Slim fit.' } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'facts_changed',
      current: { version: 1, facts: first },
    });
    expect(await storefrontFacts()).toMatchObject({ fit: 'Relaxed fit.' });
    expect(await operatorActions(t, 'product.facts')).toHaveLength(1);
  });

  it('refuses facts that are empty, too long or unknown with a message naming each', async () => {
    const res = await patch({
      version: 0,
      facts: { ...SHIRT_FACTS, fabric: ' ', weight: 'x'.repeat(301), colour: 'red' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'invalid_facts',
      fields: {
        fabric: 'Fabric must be 1 to 300 characters.',
        weight: 'Weight must be 1 to 300 characters.',
        colour: '"colour" is not a product fact.',
      },
    });
    expect(await storefrontFacts()).toEqual(SHIRT_FACTS);
    expect(await operatorActions(t)).toEqual([]);
  });

  it('answers 401, 403 and 404 as the other catalogue changes do', async () => {
    const body = { version: 0, facts: SHIRT_FACTS };
    expect((await patch(body, {})).status).toBe(401);
    expect((await patch(body, as.customer)).status).toBe(403);
    const unknown = await t.request(
      'PATCH',
      '/api/admin/catalog/products/prod_nope/facts',
      body,
      as.operator,
    );
    expect(unknown.status).toBe(404);
    expect(await operatorActions(t)).toEqual([]);
  });
});
