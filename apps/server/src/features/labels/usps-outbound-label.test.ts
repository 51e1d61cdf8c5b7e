/**
 * The shop's shipping labels from USPS (Labels 3.0: `POST /labels/v3/label`, `DELETE
 * /labels/v3/label/{trackingNumber}`) against a local HTTP stand-in answering in USPS's documented
 * shapes (the OAuth token, the payment authorization, the address check, the label as multipart with a
 * `labelMetadata` JSON part and a Base64 `labelImage` part), through the shop's own routes and its job
 * engine: a label bought with its postage, voided with a refund requested, refused with USPS's reason,
 * and USPS down leaves the order ready to ship; USPS made no label known after no answer, so it is
 * not asked again until the operator says its account shows none.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabelsAnswer, OrderLabel } from '@sunward/core/console-labels';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { insertConsoleOrder } from '../console-orders/admin-orders.factories.ts';
import { operatorToken, type Person } from '../operators/operators.factories.ts';
import { outboundDeps } from './outbound-label-jobs.ts';
import { runPurchase } from './outbound-labels.service.ts';

const ACCOUNT = {
  USPS_CLIENT_ID: 'shop-id',
  USPS_CLIENT_SECRET: 'shop-secret',
  USPS_CRID: '56982563',
  USPS_MID: '903140962',
  USPS_EPS_ACCOUNT: '1000405525',
};

type Mode = 'ok' | 'refuse' | 'down';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
}

async function standInPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([288, 432]);
  page.drawText('USPS STAND-IN LABEL', {
    x: 20,
    y: 400,
    size: 12,
    font: await pdf.embedFont(StandardFonts.Helvetica),
  });
  return pdf.save();
}

describe.each(DATABASE_KINDS)('USPS shipping labels on %s', (kind) => {
  let stand: Server;
  let t: TestApp;
  let operator: Person;
  let pdf: Uint8Array;
  let serial = 0;
  const seen = {
    mode: 'ok' as Mode,
    labels: [] as Record<string, unknown>[],
    cancelled: [] as string[],
  };

  beforeAll(async () => {
    pdf = await standInPdf();
    stand = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const body = await readBody(req);
      if (req.method === 'POST' && url.pathname === '/oauth2/v3/token') {
        return json(200, { access_token: 'oauth-1', token_type: 'Bearer', expires_in: 28799 });
      }
      if (req.headers.authorization !== 'Bearer oauth-1') return json(401, {});
      if (req.method === 'POST' && url.pathname === '/payments/v3/payment-authorization') {
        return json(200, { paymentAuthorizationToken: 'payment-1' });
      }
      if (req.method === 'GET' && url.pathname === '/addresses/v3/address') {
        const p = url.searchParams;
        return json(200, {
          firm: '',
          address: {
            streetAddress: String(p.get('streetAddress')).toUpperCase(),
            secondaryAddress: String(p.get('secondaryAddress') ?? '').toUpperCase(),
            city: String(p.get('city')).toUpperCase(),
            state: p.get('state'),
            ZIPCode: p.get('ZIPCode'),
            ZIPPlus4: '1234',
          },
          additionalInfo: { DPVConfirmation: 'Y' },
        });
      }
      if (req.method === 'POST' && url.pathname === '/labels/v3/label') {
        seen.labels.push(JSON.parse(body) as Record<string, unknown>);
        if (req.headers['x-payment-authorization-token'] !== 'payment-1') return json(403, {});
        if (seen.mode === 'refuse') {
          return json(400, {
            apiVersion: '/labels/v3',
            error: {
              code: '400',
              message: 'OASValidation',
              errors: [{ status: '400', code: '020100', detail: 'Invalid ZIPCode.' }],
            },
          });
        }
        if (seen.mode === 'down') {
          return json(503, { error: { code: '503', message: 'Service Unavailable' } });
        }
        serial++;
        const metadata = {
          trackingNumber: `92055901755477000000${String(serial).padStart(2, '0')}`,
          postage: 6.35,
          zone: '04',
          SKU: 'DUXP0XXXXC04010',
        };
        const boundary = 'LabelBoundary42';
        res.writeHead(200, { 'content-type': `multipart/form-data; boundary=${boundary}` });
        res.end(
          [
            `--${boundary}`,
            'Content-Type: application/json',
            'Content-Disposition: form-data; name="labelMetadata"',
            '',
            JSON.stringify(metadata),
            `--${boundary}`,
            'Content-Type: application/pdf',
            'Content-Disposition: form-data; filename="labelImage.pdf"; name="labelImage"',
            '',
            Buffer.from(pdf).toString('base64'),
            `--${boundary}--`,
            '',
          ].join('\r\n'),
        );
        return;
      }
      const cancel = /^\/labels\/v3\/label\/([0-9A-Z]+)$/.exec(url.pathname);
      if (req.method === 'DELETE' && cancel) {
        seen.cancelled.push(cancel[1]!);
        return json(200, { trackingNumber: cancel[1], status: 'CANCELED' });
      }
      return json(404, { error: { message: 'not here' } });
    });
    await new Promise<void>((r) => stand.listen(0, '127.0.0.1', r));
    const port = (stand.address() as { port: number }).port;
    t = await createTestApp(kind, {}, { ...ACCOUNT, USPS_BASE_URL: `http://127.0.0.1:${port}` });
    operator = await operatorToken(t);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => stand?.close(r));
  });

  const db = () => t.database.db;
  const buy = (n: string, confirmNoLabel?: boolean) =>
    t.request('POST', '/api/admin/labels', { orders: [n], confirmNoLabel }, operator.headers);
  const read = async (n: string) =>
    (
      (await t.request('GET', `/api/admin/labels?orders=${n}`, undefined, operator.headers))
        .body as LabelsAnswer
    ).labels[0] as OrderLabel;
  const settled = async (n: string) => {
    await expect
      .poll(async () => (await read(n)).state, { timeout: 15_000 })
      .toMatch(/^(bought|refused|voided)$/);
    return read(n);
  };

  it('buys the label from USPS with its postage, and voids it with a refund requested', async () => {
    expect(t.app.labels.name).toBe('usps-api');
    seen.mode = 'ok';
    const order = await insertConsoleOrder(db());
    await buy(order.order_number);
    const label = await settled(order.order_number);
    expect(label).toMatchObject({
      state: 'bought',
      provider: 'usps-api',
      postage: 635,
      orderStatus: 'shipped',
    });
    expect(label.trackingNumber).toMatch(/^920559017554770000000\d$/);
    const row = await db()
      .selectFrom('outbound_labels')
      .select(['pdf'])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(new Uint8Array(row.pdf!)).toEqual(pdf);

    // What USPS was asked: the shop to the customer (as the address check answered), Ground Advantage.
    const asked = seen.labels.at(-1)!;
    const shipTo = JSON.parse(order.shipping_address) as Record<string, string>;
    expect(asked).toMatchObject({
      imageInfo: { imageType: 'PDF', labelType: '4X6LABEL' },
      toAddress: {
        streetAddress: shipTo.line1!.toUpperCase(),
        state: shipTo.state,
        ZIPCode: shipTo.postal_code!.slice(0, 5),
      },
      fromAddress: { firm: expect.any(String) as string },
      packageDescription: {
        mailClass: 'USPS_GROUND_ADVANTAGE',
        customerReference: [{ referenceNumber: order.order_number, printReferenceNumber: true }],
      },
    });

    const res = await t.request(
      'POST',
      '/api/admin/labels/void',
      { orderNumber: order.order_number },
      operator.headers,
    );
    expect(res.status, res.text).toBe(200);
    const voided = await settled(order.order_number);
    expect(voided).toMatchObject({
      state: 'voided',
      refund: 'requested',
      orderStatus: 'in-progress',
    });
    expect(seen.cancelled).toEqual([label.trackingNumber]);
  });

  it('keeps the order ready to ship with USPS’s reason when it refuses, or does not answer', async () => {
    seen.mode = 'refuse';
    const refused = await insertConsoleOrder(db());
    await buy(refused.order_number);
    expect(await settled(refused.order_number)).toMatchObject({
      state: 'refused',
      orderStatus: 'pending',
      reason: 'USPS answered 400: Invalid ZIPCode.',
    });

    seen.mode = 'down';
    const down = await insertConsoleOrder(db());
    await buy(down.order_number);
    expect(await settled(down.order_number)).toMatchObject({
      state: 'refused',
      orderStatus: 'pending',
      reason: 'The carrier did not answer: USPS answered 503: Service Unavailable',
      canBuy: true,
      needsCheck: true,
    });

    // USPS may have made that label and does not answer a repeated purchase with it: buying again
    // asks nothing of USPS until the operator says its account shows none.
    seen.mode = 'ok';
    const asked = seen.labels.length;
    const again = await buy(down.order_number);
    expect(again.status).toBe(200);
    expect((again.body as LabelsAnswer).labels[0]).toMatchObject({
      ok: false,
      code: 'label_unconfirmed',
      message: expect.stringContaining('may have made a label') as string,
    });
    expect(await read(down.order_number)).toMatchObject({ state: 'refused', needsCheck: true });
    expect(seen.labels.length).toBe(asked);

    await buy(down.order_number, true);
    expect(await settled(down.order_number)).toMatchObject({
      state: 'bought',
      orderStatus: 'shipped',
      needsCheck: false,
    });
    expect(seen.labels.length).toBe(asked + 1);
    // A new attempt: the one that got no answer stays on record, refused.
    const attempts = await db()
      .selectFrom('outbound_labels')
      .innerJoin('orders', 'orders.id', 'outbound_labels.order_id')
      .select(['outbound_labels.attempt', 'outbound_labels.status'])
      .where('orders.order_number', '=', down.order_number)
      .orderBy('outbound_labels.attempt')
      .execute();
    expect(attempts).toEqual([
      { attempt: 1, status: 'refused' },
      { attempt: 2, status: 'bought' },
    ]);
  });

  it('does not ask USPS again when a run died after asking: the operator checks first', async () => {
    seen.mode = 'ok';
    const order = await insertConsoleOrder(db());
    const at = new Date().toISOString();
    // A claim whose job run asked USPS and died before the answer was recorded.
    await db()
      .insertInto('outbound_labels')
      .values({
        id: 'olb_died_after_asking',
        order_id: order.id,
        attempt: 1,
        idempotency_key: `order:${order.id}:label:1`,
        status: 'buying',
        claims: 1,
        outcome_unknown: 0,
        provider: 'usps-api',
        operator: JSON.stringify({ id: 'op_1', email: 'op@example.com' }),
        asked_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const asked = seen.labels.length;
    await runPurchase(db(), outboundDeps(t.app), { labelId: 'olb_died_after_asking', claim: 1 });
    expect(await read(order.order_number)).toMatchObject({
      state: 'refused',
      orderStatus: 'pending',
      reason: expect.stringContaining('Check the USPS account') as string,
      needsCheck: true,
    });
    expect(seen.labels.length).toBe(asked);
    const again = (await buy(order.order_number)).body as LabelsAnswer;
    expect(again.labels[0]).toMatchObject({ ok: false, code: 'label_unconfirmed' });
    expect(seen.labels.length).toBe(asked);
  });
});
