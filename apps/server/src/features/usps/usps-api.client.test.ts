/**
 * The USPS API v3 adapter against a local HTTP stand-in that answers in the documented shapes
 * (OAuth token, Addresses v3, Domestic Prices v3 base-rates search), through the shop's own routes.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { address } from '../checkout/checkout.factories.ts';

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
}

describe('USPS API v3 adapter', () => {
  let stand: Server;
  let t: TestApp;
  const seen = { tokens: 0, priceBodies: [] as Record<string, unknown>[], expireNext: false };

  beforeAll(async () => {
    let current = 'token-0';
    stand = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && url.pathname === '/oauth2/v3/token') {
        const body = JSON.parse(await readBody(req)) as Record<string, string>;
        if (body.client_id !== 'shop-id' || body.client_secret !== 'shop-secret') {
          return json(401, { error: 'invalid_client' });
        }
        seen.tokens++;
        current = `token-${seen.tokens}`;
        return json(200, { access_token: current, token_type: 'Bearer', expires_in: 28799 });
      }
      if (req.headers.authorization !== `Bearer ${current}` || seen.expireNext) {
        seen.expireNext = false;
        return json(401, { error: { code: '401', message: 'Unauthorized' } });
      }
      if (req.method === 'GET' && url.pathname === '/addresses/v3/address') {
        if (url.searchParams.get('ZIPCode') === '99999') {
          return json(400, {
            apiVersion: '/addresses/v3',
            error: {
              code: '400',
              message: 'Address Not Found.',
              errors: [
                {
                  status: '400',
                  code: '010005',
                  title: 'Address Not Found.',
                  detail: 'Address Not Found.',
                },
              ],
            },
          });
        }
        return json(200, {
          firm: '',
          address: {
            streetAddress: String(url.searchParams.get('streetAddress'))
              .toUpperCase()
              .replace('STREET', 'ST'),
            streetAddressAbbreviation: null,
            secondaryAddress: '',
            cityAbbreviation: '',
            city: 'CHARLOTTE',
            state: 'NC',
            ZIPCode: '28202',
            ZIPPlus4: '1234',
            urbanization: '',
          },
          additionalInfo: { deliveryPoint: '01', carrierRoute: 'C001', DPVConfirmation: 'Y' },
          corrections: [],
          matches: [{ code: '31', text: 'Single Response - exact match' }],
        });
      }
      if (req.method === 'POST' && url.pathname === '/prices/v3/base-rates/search') {
        const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
        seen.priceBodies.push(body);
        const price = body.mailClass === 'PRIORITY_MAIL' ? 11.15 : 6.5;
        return json(200, {
          totalBasePrice: price,
          rates: [
            {
              SKU: 'X',
              description: 'Retail',
              priceType: 'RETAIL',
              price,
              weight: body.weight,
              zone: '03',
              mailClass: body.mailClass,
              fees: [],
            },
          ],
        });
      }
      return json(404, { error: { message: 'not here' } });
    });
    await new Promise<void>((r) => stand.listen(0, '127.0.0.1', r));
    const port = (stand.address() as { port: number }).port;
    t = await createTestApp(
      'sqlite',
      {},
      {
        USPS_CLIENT_ID: 'shop-id',
        USPS_CLIENT_SECRET: 'shop-secret',
        USPS_BASE_URL: `http://127.0.0.1:${port}`,
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => stand?.close(r));
  });

  it('checks an address with a client-credentials token and returns the USPS answer', async () => {
    expect(t.app.usps.verifier.name).toBe('usps-api');
    const res = await t.request(
      'GET',
      `/api/usps/address-check/${enc(address({ line1: '600 S Tryon Street' }))}`,
    );
    expect(res.body).toEqual({
      streetAddress: '600 S TRYON ST',
      secondaryAddress: '',
      city: 'CHARLOTTE',
      state: 'NC',
      ZIPCode: '28202',
    });
    const again = await t.request('GET', `/api/usps/address-check/${enc(address())}`);
    expect(again.status).toBe(200);
    expect(seen.tokens).toBe(1); // the token is cached
  });

  it("passes on USPS's message for an address that cannot exist", async () => {
    const res = await t.request(
      'GET',
      `/api/usps/address-check/${enc(address({ postal_code: '99999' }))}`,
    );
    expect(res.body).toEqual({ message: 'Address Not Found.' });
  });

  it('renews an expired token once', async () => {
    seen.expireNext = true;
    const before = seen.tokens;
    const res = await t.request('GET', `/api/usps/address-check/${enc(address())}`);
    expect(res.status).toBe(200);
    expect(seen.tokens).toBe(before + 1);
  });

  it('asks the Prices API for both classes and answers cents', async () => {
    const res = await t.request('POST', '/api/usps/prices/28202/90210?quantity=2');
    expect(res.body).toEqual({
      ground: { totalBasePrice: 650 },
      priority: { totalBasePrice: 1115 },
      zone: 3,
      weightOz: 12,
    });
    expect(seen.priceBodies.map((b) => b.mailClass).sort()).toEqual([
      'PRIORITY_MAIL',
      'USPS_GROUND_ADVANTAGE',
    ]);
    expect(seen.priceBodies[0]).toMatchObject({
      originZIPCode: '28202',
      destinationZIPCode: '90210',
      weight: 0.75, // 12 oz in pounds
      priceType: 'RETAIL',
    });
  });

  it('answers 503 when USPS does not answer', async () => {
    const down = await createTestApp(
      'sqlite',
      {},
      {
        USPS_CLIENT_ID: 'shop-id',
        USPS_CLIENT_SECRET: 'shop-secret',
        USPS_BASE_URL: 'http://127.0.0.1:9',
      },
    );
    try {
      const res = await down.request('GET', `/api/usps/address-check/${enc(address())}`);
      expect(res.status).toBe(503);
      expect((res.body as { message: string }).message).toMatch(/not answering/);
    } finally {
      await down.close();
    }
  });
});
