import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIZE_CODES } from '@sunward/core/sizes';
import { DESIGN_NAMES } from '@sunward/core/designs';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRODUCT_ID } from '../../db/seed.ts';

describe.each(DATABASE_KINDS)('catalogue API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('lists the shirt in the spec shape with its price in cents', async () => {
    const res = await t.request('GET', '/api/products');
    expect(res.status).toBe(200);
    const [product] = res.body as Array<Record<string, unknown>>;
    expect(product).toMatchObject({
      id: SHIRT_PRODUCT_ID,
      active: true,
      default_price: 'price_sunward_upf50_shirt_4500',
      metadata: { category: 'Sun Shirts' },
      prices: [{ unit_amount: 4500, currency: 'usd' }],
    });
    expect(String(product?.name).length).toBeGreaterThan(5);
  });

  it('answers a repeat visit with 304 when the ETag matches', async () => {
    const first = await t.request('GET', '/api/designs');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toContain('must-revalidate');
    const again = await t.request('GET', '/api/designs', undefined, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('lists the 30 designs with their titles, in collection order', async () => {
    const res = await t.request('GET', '/api/designs');
    const designs = res.body as Array<{ designName: string; designTitle: string }>;
    expect(designs.map((d) => d.designName)).toEqual([...DESIGN_NAMES]);
    expect(designs.find((d) => d.designName === 'alaska')?.designTitle).toBe('Alaska');
    expect(designs.find((d) => d.designName === '3-peaks-golf')?.designTitle).toBe('3 Peaks Golf');
  });

  it('returns the public configuration from settings', async () => {
    const res = await t.request('GET', '/api/configuration');
    expect(res.body).toMatchObject({
      shopName: 'Sunward',
      companyZipCode: '28202',
      freeShippingTarget: 10000,
      // Unset OIDC_*: the built-in provider's issuer, first-party client and API audience.
      auth: {
        issuer: `${t.baseUrl}/oidc`,
        clientId: 'sunward-web',
        audience: `${t.baseUrl}/api`,
      },
    });
  });

  it('lists every size code with outOfStock, and reflects an out-of-stock size', async () => {
    const res = await t.request('GET', `/api/inventory/${SHIRT_PRODUCT_ID}`);
    expect(res.status).toBe(200);
    const { sizes } = res.body as { sizes: Record<string, { outOfStock: boolean }> };
    expect(Object.keys(sizes).sort()).toEqual([...SIZE_CODES].sort());
    expect(Object.values(sizes).every((s) => s.outOfStock === false)).toBe(true);

    await t.database.db
      .updateTable('inventory')
      .set({ stock: 0 })
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .where('size', '=', 'xxlr')
      .execute();
    t.app.catalogCache.invalidate();
    const after = await t.request('GET', `/api/inventory/${SHIRT_PRODUCT_ID}`);
    expect(
      (after.body as typeof res.body & { sizes: Record<string, { outOfStock: boolean }> }).sizes
        .xxlr,
    ).toEqual({
      outOfStock: true,
    });
  });

  it.each([
    ['/api/products/nope', 404],
    ['/api/inventory/nope', 404],
    ['/api/inventory/bad%20id', 400],
    ['/api/products/' + 'x'.repeat(65), 400],
    ['/api/does-not-exist', 404],
  ])('GET %s answers %i with a JSON message', async (url, status) => {
    const res = await t.request('GET', url);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(typeof (res.body as { message: unknown }).message).toBe('string');
  });

  it('rejects malformed JSON with 400 and oversized bodies with 413', async () => {
    const bad = await t.request('POST', '/api/log-error', '{"message":');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: 'The request body is not valid JSON.',
      code: 'invalid_request',
    });
    const big = await t.request('POST', '/api/log-error', { message: 'x'.repeat(200_000) });
    expect(big.status).toBe(413);
  });

  it('answers a broken URL with 400 and an over-long parameter with 414, in the API format', async () => {
    const broken = await t.request('GET', '/api/products/%E0%A4%A');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({
      message: 'The request URL is not valid.',
      code: 'invalid_request',
    });
    expect(broken.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(broken.headers.get('x-request-id')).toBeTruthy();
    const long = await t.request('GET', `/api/usps/address-check/${'a'.repeat(2100)}`);
    expect(long.status).toBe(414);
    expect(long.body).toEqual({ message: 'The request URL is too long.', code: 'url_too_long' });
  });

  it('stores a client error report and validates its fields', async () => {
    const ok = await t.request('POST', '/api/log-error', {
      type: 'Error',
      message: 'boom',
      stack: 'at x',
    });
    expect(ok.status).toBe(202);
    const rows = await t.database.db.selectFrom('client_errors').selectAll().execute();
    expect(rows.map((r) => r.message)).toContain('boom');
    const invalid = await t.request('POST', '/api/log-error', { stack: 'no message' });
    expect(invalid.status).toBe(400);
    expect((invalid.body as { fields: Record<string, string> }).fields).toHaveProperty('message');
  });

  it('reports readiness with the database dialect and sends security headers', async () => {
    const res = await t.request('GET', '/readyz');
    expect(res.body).toEqual({ status: 'ready', database: kind });
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const res = await t.request('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    const doc = res.body as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/products', '/api/inventory/{id}']),
    );
    // Each error response lists the codes it can carry (the route's table plus the common ones).
    type Response = { description: string; content: Record<string, { schema: unknown }> };
    const confirm = (
      doc.paths['/api/orders/confirm-pi'] as { post: { responses: Record<string, Response> } }
    ).post.responses;
    expect(confirm['409']!.description).toMatch(/`total_changed`/);
    expect(confirm['402']!.content['application/json']!.schema).toMatchObject({
      properties: { code: { enum: ['card_declined'] } },
    });
    expect(confirm['400']!.description).toMatch(/`invalid_request`/);
    const product = (
      doc.paths['/api/products/{id}'] as { get: { responses: Record<string, Response> } }
    ).get.responses;
    expect(product['404']!.description).toMatch(/`not_found`/);
  });
});
