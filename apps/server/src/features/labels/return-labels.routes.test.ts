/**
 * Return labels over real HTTP on every test database, with the embedded sandbox provider: made once
 * per return (also when asked twice at once), stored, served as a PDF at an unguessable URL, set on
 * the return record, and emailed; the spec's 404 otherwise; a provider that fails changes nothing and
 * the next download makes the label.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@sunward/core/settings';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { saveSettings } from '../settings/settings.ts';
import { readLabelPdf } from './label-pdf.test-helpers.ts';
import { fail } from '../../lib/result.ts';
import type { LabelProvider } from './label-provider.ts';
import { insertReturnedOrder } from './return-labels.factories.ts';
import { createReturnLabel, labelDeps } from './return-labels.service.ts';
import { groupedTracking, SANDBOX_MARK, sandboxLabelProvider } from './sandbox-label.provider.ts';

const NOT_FOUND = { code: 'not_found', message: "Couldn't find return label." };

describe.each(DATABASE_KINDS)('return labels on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const download = (returnId: string) =>
    t.request('GET', `/api/orders/downloadReturnLabel/${encodeURIComponent(returnId)}`);

  const labelsOf = (returnId: string) =>
    db().selectFrom('return_labels').selectAll().where('return_id', '=', returnId).execute();
  const emailsOf = (returnId: string) =>
    db()
      .selectFrom('email_outbox')
      .selectAll()
      .where('dedupe_key', '=', `return-label:${returnId}`)
      .execute();

  it('makes the label after the return, sets it on the record and emails the link', async () => {
    const returned = await insertReturnedOrder(db(), { quantity: 3, sent: 2 });
    const made = await createReturnLabel(db(), labelDeps(t.app), returned.returnId);
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const { url, trackingNumber } = made.value;
    expect(url).toMatch(
      new RegExp(`^${t.baseUrl.replace(/\./g, '\\.')}/api/returns/labels/[A-Za-z0-9_-]{32}\\.pdf$`),
    );

    const record = await db()
      .selectFrom('returns')
      .select('return_label')
      .where('id', '=', returned.returnId)
      .executeTakeFirstOrThrow();
    expect(record.return_label).toBe(url);

    const answer = await download(returned.publicId);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ url });
    expect(answer.headers.get('cache-control')).toBe('no-store');

    const [email] = await emailsOf(returned.returnId);
    expect(email).toMatchObject({ kind: 'return-label', to_address: returned.email });
    expect(email!.subject).toBe(`Your Sunward return label for order ${returned.orderNumber}`);
    expect(email!.html).toContain(`href="${url}"`);
    expect(email!.text).toContain(`Print your label: ${url}`);
    expect(email!.text).toContain(`Tracking number: ${trackingNumber}`);
    expect(email!.text).toContain('carries no postage');

    const [row] = await labelsOf(returned.returnId);
    expect(row).toMatchObject({ provider: 'sandbox', tracking_number: trackingNumber });
  });

  it('serves the PDF inline, never cached, with the addresses, the barcode and the mark', async () => {
    const returned = await insertReturnedOrder(db(), {
      order: {
        shipping_name: 'Riley Shore',
        shipping_address: JSON.stringify({
          line1: '100 N Tryon St',
          line2: 'Suite 5',
          city: 'Charlotte',
          state: 'NC',
          postal_code: '28202',
          country: 'US',
        }),
      },
    });
    const { body } = await download(returned.publicId);
    const { url } = body as { url: string };
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="return-label-${returned.orderNumber}.pdf"`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(pdf.subarray(0, 4)).toString('latin1')).toBe('%PDF');

    const [row] = await labelsOf(returned.returnId);
    const view = await readLabelPdf(pdf);
    const { returnAddress } = DEFAULT_SETTINGS;
    for (const line of [
      SANDBOX_MARK,
      'Riley Shore',
      '100 N Tryon St',
      'Suite 5',
      'Charlotte, NC 28202',
      returnAddress.company,
      returnAddress.line1,
      `${returnAddress.city}, ${returnAddress.state} ${returnAddress.zip}`,
      `Order ${returned.orderNumber}`,
      groupedTracking(row!.tracking_number),
    ]) {
      expect(view.text).toContain(line);
    }
    expect(view.images).toHaveLength(1);
  });

  it('prints the return address the operators set', async () => {
    const saved = await saveSettings(
      db(),
      {
        returnAddress: {
          company: 'Harbor Sun Returns',
          line1: '1 Harbor Way',
          city: 'Wilmington',
          state: 'NC',
          zip: '28401',
        },
      },
      t.app.catalogCache,
    );
    expect(saved.ok).toBe(true);
    try {
      const returned = await insertReturnedOrder(db());
      const { body } = await download(returned.publicId);
      const res = await fetch((body as { url: string }).url);
      const { text } = await readLabelPdf(new Uint8Array(await res.arrayBuffer()));
      expect(text).toEqual(
        expect.arrayContaining(['Harbor Sun Returns', '1 Harbor Way', 'Wilmington, NC 28401']),
      );
    } finally {
      await saveSettings(
        db(),
        { returnAddress: DEFAULT_SETTINGS.returnAddress },
        t.app.catalogCache,
      );
    }
  });

  it('makes one label however often and however concurrently it is asked', async () => {
    const returned = await insertReturnedOrder(db());
    const deps = labelDeps(t.app);
    const results = await Promise.all([
      createReturnLabel(db(), deps, returned.returnId),
      createReturnLabel(db(), deps, returned.returnId),
      download(returned.publicId),
    ]);
    const again = await createReturnLabel(db(), deps, returned.returnId);
    const urls = new Set(
      [...results.slice(0, 2), again].map((r) =>
        'ok' in r && r.ok ? r.value.url : `failed ${JSON.stringify(r)}`,
      ),
    );
    urls.add((results[2] as { body: { url: string } }).body.url);
    expect(urls.size).toBe(1);
    expect(await labelsOf(returned.returnId)).toHaveLength(1);
    expect(await emailsOf(returned.returnId)).toHaveLength(1);
    expect(again.ok && again.value.created).toBe(false);
  });

  it("answers the spec's 404 for a return that does not exist and a token no label has", async () => {
    for (const returnId of ['ret_nothing_here', "' OR 1=1--", 'x'.repeat(300)]) {
      const unknown = await download(returnId);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(NOT_FOUND);
    }
    // A control character is refused as input before anything is looked up (issue 23).
    const nul = await download('\u0000');
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ code: 'invalid_characters' });

    const made = await createReturnLabel(db(), labelDeps(t.app), 'ret_nothing_here');
    expect(made).toMatchObject({ ok: false, code: 'not_found' });

    for (const token of ['A'.repeat(32), 'not-a-token!', 'x']) {
      const res = await t.request('GET', `/api/returns/labels/${encodeURIComponent(token)}.pdf`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });

  it('leaves the return as it was when the provider fails, and makes the label on the next download', async () => {
    const returned = await insertReturnedOrder(db());
    const down: LabelProvider = {
      ...sandboxLabelProvider,
      name: 'usps-api',
      createReturnLabel: async () =>
        fail('label_unavailable', 'USPS did not make the return label.', {
          reason: 'USPS answered 503',
        }),
    };
    const made = await createReturnLabel(
      db(),
      { ...labelDeps(t.app), labels: down },
      returned.returnId,
    );
    expect(made).toMatchObject({ ok: false, code: 'label_unavailable' });
    expect(await labelsOf(returned.returnId)).toHaveLength(0);
    expect(await emailsOf(returned.returnId)).toHaveLength(0);
    const record = await db()
      .selectFrom('returns')
      .select('return_label')
      .where('id', '=', returned.returnId)
      .executeTakeFirstOrThrow();
    expect(record.return_label).toBeNull();

    // The retry: the shop's own provider (the sandbox) makes it now.
    const answer = await download(returned.publicId);
    expect(answer.status).toBe(200);
    expect(await labelsOf(returned.returnId)).toHaveLength(1);
    expect(await emailsOf(returned.returnId)).toHaveLength(1);
  });
});
