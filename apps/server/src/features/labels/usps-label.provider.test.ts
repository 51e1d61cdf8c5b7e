/**
 * USPS returns labels (Labels 3.0) against a local HTTP stand-in that answers in USPS's documented
 * shapes: the OAuth token, Payments 3.0's payment authorization, and `POST /labels/v3/return-label`
 * answering multipart/form-data (a `returnLabelMetadata` JSON part and a Base64 `returnLabelImage` part)
 * or, asked for it, one JSON body with the same fields. Through the shop's own routes.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { readLabelPdf } from './label-pdf.test-helpers.ts';
import { insertReturnedOrder } from './return-labels.factories.ts';
import { multipartParts } from './usps-label.provider.ts';

const ACCOUNT = {
  USPS_CLIENT_ID: 'shop-id',
  USPS_CLIENT_SECRET: 'shop-secret',
  USPS_CRID: '56982563',
  USPS_MID: '903140962',
  USPS_EPS_ACCOUNT: '1000405525',
};
const TRACKING = '9234690361980900000142';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
}

/** A real PDF as USPS would send it: one page that says it is the stand-in's. */
async function standInPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([288, 432]);
  page.drawText('USPS STAND-IN RETURN LABEL', {
    x: 20,
    y: 400,
    size: 12,
    font: await pdf.embedFont(StandardFonts.Helvetica),
  });
  return pdf.save();
}

type Mode = 'multipart' | 'json' | 'refuse' | 'payment-expired';

describe.each(DATABASE_KINDS)('USPS returns labels on %s', (kind) => {
  let stand: Server;
  let t: TestApp;
  let pdf: Uint8Array;
  const seen = {
    tokens: 0,
    payments: [] as Record<string, unknown>[],
    labels: [] as { body: Record<string, unknown>; headers: IncomingMessage['headers'] }[],
    mode: 'multipart' as Mode,
  };
  let paymentToken = 'payment-0';

  beforeAll(async () => {
    pdf = await standInPdf();
    stand = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const json = (status: number, body: unknown, type = 'application/json') => {
        res.writeHead(status, { 'content-type': type });
        res.end(JSON.stringify(body));
      };
      const body = await readBody(req);
      if (req.method === 'POST' && url.pathname === '/oauth2/v3/token') {
        const sent = JSON.parse(body) as Record<string, string>;
        if (sent.client_id !== 'shop-id' || sent.client_secret !== 'shop-secret') {
          return json(401, { error: 'invalid_client' });
        }
        seen.tokens++;
        return json(200, { access_token: 'oauth-1', token_type: 'Bearer', expires_in: 28799 });
      }
      if (req.headers.authorization !== 'Bearer oauth-1') {
        return json(401, { error: { code: '401', message: 'Unauthorized' } });
      }
      if (req.method === 'POST' && url.pathname === '/payments/v3/payment-authorization') {
        const sent = JSON.parse(body) as Record<string, unknown>;
        seen.payments.push(sent);
        paymentToken = `payment-${seen.payments.length}`;
        return json(200, { paymentAuthorizationToken: paymentToken, roles: sent.roles });
      }
      if (req.method === 'POST' && url.pathname === '/labels/v3/return-label') {
        seen.labels.push({
          body: JSON.parse(body) as Record<string, unknown>,
          headers: req.headers,
        });
        if (
          seen.mode === 'payment-expired' &&
          req.headers['x-payment-authorization-token'] === 'payment-1'
        ) {
          return json(403, {
            error: { code: '403', message: 'Payment authorization token expired.' },
          });
        }
        if (req.headers['x-payment-authorization-token'] !== paymentToken) {
          return json(403, { error: { code: '403', message: 'Forbidden' } });
        }
        if (seen.mode === 'refuse') {
          return json(400, {
            apiVersion: '/labels/v3',
            error: {
              code: '400',
              message: 'OASValidation',
              errors: [
                { status: '400', code: '020100', title: 'Invalid', detail: 'Invalid ZIPCode.' },
              ],
            },
          });
        }
        const metadata = {
          labelAddress: {
            streetAddress: '600 S TRYON ST',
            city: 'CHARLOTTE',
            state: 'NC',
            ZIPCode: '28202',
          },
          routingInformation: '42028202',
          trackingNumber: TRACKING,
          SKU: 'DVXR0XXXXC01010',
          postage: 0,
          extraServices: [],
          zone: '01',
          weightUOM: 'lb',
          weight: 0.375,
        };
        const image = Buffer.from(pdf).toString('base64');
        if (seen.mode === 'json') {
          return json(
            200,
            { returnLabelMetadata: metadata, returnLabelImage: image },
            'application/vnd.usps.labels+json',
          );
        }
        const boundary = 'XkxytuhvSSXDz-aV1q2YverB';
        res.writeHead(200, { 'content-type': `multipart/form-data; boundary=${boundary}` });
        res.end(
          [
            `--${boundary}`,
            'Content-Type: application/json',
            'Content-Disposition: form-data; name="returnLabelMetadata"',
            '',
            JSON.stringify(metadata, null, 4),
            `--${boundary}`,
            'Content-Type: application/pdf',
            'Content-Disposition: form-data; filename="returnLabelImage.pdf"; name="returnLabelImage"',
            '',
            image,
            `--${boundary}--`,
            '',
          ].join('\r\n'),
        );
        return;
      }
      return json(404, { error: { message: 'not here' } });
    });
    await new Promise<void>((r) => stand.listen(0, '127.0.0.1', r));
    const port = (stand.address() as { port: number }).port;
    t = await createTestApp(kind, {}, { ...ACCOUNT, USPS_BASE_URL: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => stand?.close(r));
  });

  const db = () => t.database.db;
  const download = (returnId: string) =>
    t.request('GET', `/api/orders/downloadReturnLabel/${returnId}`);
  const labelsOf = (returnId: string) =>
    db().selectFrom('return_labels').selectAll().where('return_id', '=', returnId).execute();

  it("stores USPS's label (multipart answer) and serves it", async () => {
    expect(t.app.labels.name).toBe('usps-api');
    seen.mode = 'multipart';
    const returned = await insertReturnedOrder(db(), { quantity: 3, sent: 2 });
    const answer = await download(returned.publicId);
    expect(answer.status).toBe(200);
    const res = await fetch((answer.body as { url: string }).url);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf);
    const [row] = await labelsOf(returned.returnId);
    expect(row).toMatchObject({ provider: 'usps-api', tracking_number: TRACKING });
    expect((await readLabelPdf(row!.pdf)).text).toContain('USPS STAND-IN RETURN LABEL');

    // What USPS was asked: the payment account, then the label from the customer to the shop.
    expect(seen.payments[0]).toEqual({
      roles: ['PAYER', 'LABEL_OWNER'].map((roleName) => ({
        roleName,
        CRID: '56982563',
        MID: '903140962',
        manifestMID: '903140962',
        accountType: 'EPS',
        accountNumber: '1000405525',
      })),
    });
    const asked = seen.labels.at(-1)!;
    expect(asked.headers['x-payment-authorization-token']).toBe('payment-1');
    expect(asked.headers['content-type']).toBe('application/json');
    expect(asked.body).toMatchObject({
      imageInfo: { imageType: 'PDF', labelType: '4X6LABEL' },
      toAddress: {
        firm: 'Sunward Returns',
        streetAddress: '600 S Tryon St',
        city: 'Charlotte',
        state: 'NC',
        ZIPCode: '28202',
      },
      fromAddress: {
        firstName: 'Pat',
        lastName: 'Shopper',
        streetAddress: '1 Main St',
        city: 'Raleigh',
        state: 'NC',
        ZIPCode: '27601',
      },
      packageDescription: {
        mailClass: 'USPS_GROUND_ADVANTAGE',
        processingCategory: 'MACHINABLE',
        weightUOM: 'lb',
        weight: 0.75, // two shirts sent back, 6 oz each
      },
    });
    expect((asked.body.packageDescription as { mailingDate: string }).mailingDate).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
  });

  it('reads the JSON answer too, and keeps the OAuth and payment tokens', async () => {
    seen.mode = 'json';
    const returned = await insertReturnedOrder(db());
    const answer = await download(returned.publicId);
    expect(answer.status).toBe(200);
    const [row] = await labelsOf(returned.returnId);
    expect(Buffer.from(row!.pdf)).toEqual(Buffer.from(pdf));
    expect(seen.tokens).toBe(1);
    expect(seen.payments).toHaveLength(1);
  });

  it('renews a payment authorization USPS refuses, once', async () => {
    seen.mode = 'payment-expired';
    const returned = await insertReturnedOrder(db());
    const answer = await download(returned.publicId);
    expect(answer.status).toBe(200);
    expect(seen.payments).toHaveLength(2);
    expect(seen.labels.at(-1)!.headers['x-payment-authorization-token']).toBe('payment-2');
  });

  it('stores nothing when USPS refuses, answers the 404, and makes the label once USPS does', async () => {
    seen.mode = 'refuse';
    const returned = await insertReturnedOrder(db());
    const refused = await download(returned.publicId);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ code: 'not_found', message: "Couldn't find return label." });
    expect(await labelsOf(returned.returnId)).toHaveLength(0);

    seen.mode = 'multipart';
    const later = await download(returned.publicId);
    expect(later.status).toBe(200);
    expect(await labelsOf(returned.returnId)).toHaveLength(1);
  });

  it('keeps the sandbox label when the payment account is not set', async () => {
    const noAccount = await createTestApp(
      'sqlite',
      {},
      {
        USPS_CLIENT_ID: 'shop-id',
        USPS_CLIENT_SECRET: 'shop-secret',
        USPS_BASE_URL: 'http://127.0.0.1:9',
      },
    );
    try {
      expect(noAccount.app.usps.verifier.name).toBe('usps-api');
      expect(noAccount.app.labels.name).toBe('sandbox');
    } finally {
      await noAccount.close();
    }
  });
});

describe('multipart answers', () => {
  it('reads each named part, binary ones with line breaks inside included, whatever the header order', () => {
    const binary = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x0d, 0x0a, 0x0d, 0x0a, 0xff, 0x00, 0x2d]);
    const body = Buffer.concat([
      Buffer.from(
        'preamble\r\n--b0\r\nContent-Disposition: form-data; name="returnLabelMetadata"\r\n' +
          'Content-Type: application/json\r\n\r\n{"trackingNumber":"1"}\r\n--b0\r\n' +
          'Content-Type: application/pdf\r\n' +
          'Content-Disposition: form-data; filename="x.pdf"; name="returnLabelImage"\r\n\r\n',
      ),
      binary,
      Buffer.from('\r\n--b0\r\nContent-Type: text/plain\r\n\r\nno name\r\n--b0--\r\n'),
    ]);
    const parts = multipartParts(body, 'b0');
    expect([...parts.keys()]).toEqual(['returnLabelMetadata', 'returnLabelImage']);
    expect(parts.get('returnLabelMetadata')!.toString()).toBe('{"trackingNumber":"1"}');
    expect(parts.get('returnLabelImage')).toEqual(binary);
  });
});
