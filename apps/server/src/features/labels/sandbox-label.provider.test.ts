import { describe, expect, it } from 'vitest';
import { readLabelPdf } from './label-pdf.test-helpers.ts';
import type { ReturnLabelRequest } from './label-provider.ts';
import {
  groupedTracking,
  SANDBOX_MARK,
  sandboxLabelProvider,
  sandboxTrackingNumber,
  uspsCheckDigit,
} from './sandbox-label.provider.ts';

const request = (overrides: Partial<ReturnLabelRequest> = {}): ReturnLabelRequest => ({
  from: {
    name: 'Pat Shopper',
    line1: '1 Main St',
    line2: 'Apt 4',
    city: 'Raleigh',
    state: 'NC',
    zip: '27601-1234',
  },
  to: {
    name: 'Sunward Returns',
    line1: '600 S Tryon St',
    line2: '',
    city: 'Charlotte',
    state: 'NC',
    zip: '28202',
  },
  orderNumber: '7KQ2M9XD4R',
  weightOz: 12,
  mailingDate: '2026-05-01',
  ...overrides,
});

describe('the mod-10 check digit (USPS Publication 199, as GS1)', () => {
  it.each([
    // GS1's own examples: an EAN-13 and an SSCC.
    ['400638133393', 1],
    ['10614141123456789', 7],
    // Worked by hand: 2 x 1 + 9 x 3 = 29 -> 1; 1 x 3 + 2 x 3 + 9 x 1 = 18 -> 2.
    ['920000000000000000000', 1],
    ['9200000000000000000001', 2],
  ])('%s -> %i', (digits, check) => {
    expect(uspsCheckDigit(digits)).toBe(check);
  });

  it('makes 22-digit IMpb-shaped numbers that check', () => {
    for (let i = 0; i < 50; i++) {
      const tracking = sandboxTrackingNumber();
      expect(tracking).toMatch(/^92000000000000\d{8}$/);
      expect(uspsCheckDigit(tracking.slice(0, 21))).toBe(Number(tracking[21]));
    }
    expect(groupedTracking('9200000000000012345675')).toBe('9200 0000 0000 0012 3456 75');
  });
});

describe('the embedded sandbox label', () => {
  it('is a one-page 4 x 6 inch PDF with both addresses, the tracking number and the sandbox mark', async () => {
    const made = await sandboxLabelProvider.createReturnLabel(request());
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const { pdf, trackingNumber } = made.value;
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const view = await readLabelPdf(pdf);
    expect(view.pages).toBe(1);
    expect(view.size).toEqual({ width: 288, height: 432 });
    expect(view.title).toBe('Return label, order 7KQ2M9XD4R (sandbox)');
    for (const line of [
      SANDBOX_MARK,
      'FROM:',
      'Pat Shopper',
      '1 Main St',
      'Apt 4',
      'Raleigh, NC 27601',
      'SHIP TO:',
      'Sunward Returns',
      '600 S Tryon St',
      'Charlotte, NC 28202',
      'Order 7KQ2M9XD4R',
      groupedTracking(trackingNumber),
    ]) {
      expect(view.text).toContain(line);
    }
    // The mark at the top and at the bottom.
    expect(view.text.filter((t) => t === SANDBOX_MARK)).toHaveLength(2);
  });

  it('embeds the barcode as an image, wider than tall', async () => {
    const made = await sandboxLabelProvider.createReturnLabel(request());
    if (!made.ok) throw new Error('no label');
    const { images } = await readLabelPdf(made.value.pdf);
    expect(images).toHaveLength(1);
    expect(images[0]!.width).toBeGreaterThan(3 * images[0]!.height);
  });

  it('draws names the standard fonts cannot with a stand-in, and cuts what does not fit', async () => {
    const made = await sandboxLabelProvider.createReturnLabel(
      request({
        from: {
          ...request().from,
          name: 'Zoë 王',
          line1: `${'Very Long Street Name '.repeat(6)}1`,
        },
      }),
    );
    if (!made.ok) throw new Error('no label');
    const { text } = await readLabelPdf(made.value.pdf);
    expect(text).toContain(`Zo${String.fromCharCode(0xeb)} ?`);
    const street = text.find((t) => t.startsWith('Very Long Street'))!;
    expect(street.endsWith(String.fromCharCode(0x85))).toBe(true); // WinAnsi's ellipsis
    expect(street.length).toBeLessThan(60);
  });
});
