/**
 * The embedded return label provider: a real 4 x 6 inch PDF label made on the server (pdf-lib) with the
 * customer's address as FROM, the shop's return address as TO, a tracking number in USPS's 22-digit
 * IMpb shape and its Code 128 barcode (bwip-js), marked "SANDBOX LABEL - NOT FOR MAILING" at the top,
 * at the bottom and across the face, as the sandbox card processor stands in for Stripe. No network,
 * no account: selected unless the USPS returns label API is configured (plugins/providers.ts).
 *
 * The tracking number: "92", a service type code, a mailer id, a 7-digit serial and USPS's mod-10 check
 * digit (22 digits). The service type code "000" and mailer id "000000000" belong to no USPS product or
 * mailer, so a sandbox number can never be a real parcel's.
 */
import { createHash, randomInt } from 'node:crypto';
import { toBuffer } from 'bwip-js/node';
import { degrees, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { ok } from '../../lib/result.ts';
import type {
  LabelAddress,
  LabelProvider,
  OutboundLabelRequest,
  ReturnLabelRequest,
} from './label-provider.ts';

export const SANDBOX_MARK = 'SANDBOX LABEL - NOT FOR MAILING';

const SANDBOX_SERVICE_TYPE_CODE = '000';
const SANDBOX_MAILER_ID = '000000000';

/** USPS's mod-10 check digit (Publication 199): from the right, digits weighted 3, 1, 3, 1 ... */
export function uspsCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A 22-digit IMpb-shaped tracking number no real parcel has: a random serial, or for a shipping label
 * one derived from its purchase's key, so asking again with the key answers the same label (as a
 * carrier that replays keys would).
 */
export function sandboxTrackingNumber(key?: string): string {
  const serialOf = (k: string) =>
    Number(createHash('sha256').update(k).digest().readUIntBE(0, 6) % 10_000_000);
  const serial = String(key === undefined ? randomInt(0, 10_000_000) : serialOf(key)).padStart(
    7,
    '0',
  );
  const body = `92${SANDBOX_SERVICE_TYPE_CODE}${SANDBOX_MAILER_ID}${serial}`;
  return `${body}${uspsCheckDigit(body)}`;
}

/**
 * The sandbox's postage for a USPS Ground Advantage parcel of `weightOz` (cents): its own table in the
 * shape of USPS's retail prices by weight (zone left out), so a label has a price to record.
 */
export function sandboxPostage(weightOz: number): number {
  const steps: [number, number][] = [
    [4, 540],
    [8, 590],
    [12, 660],
    [15.99, 790],
  ];
  for (const [upTo, cents] of steps) if (weightOz <= upTo) return cents;
  return 790 + Math.ceil((weightOz - 16) / 16 + 1e-9) * 120;
}

/** The number as USPS prints it under the barcode: groups of four. */
export const groupedTracking = (tracking: string) => tracking.replace(/(\d{4})(?=\d)/g, '$1 ');

// 4 x 6 inches in points.
const WIDTH = 288;
const HEIGHT = 432;
const MARGIN = 16;
const BLACK = rgb(0, 0, 0);

/** Text the standard fonts can draw (WinAnsi): anything else becomes "?". */
function drawable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  return [...text.normalize('NFC')]
    .map((ch) => (known.has(ch.codePointAt(0)!) ? ch : '?'))
    .join('');
}

/** `text` cut (with an ellipsis) to fit `maxWidth` at `size`. */
function fit(text: string, font: PDFFont, size: number, maxWidth: number): string {
  let out = drawable(text, font);
  if (font.widthOfTextAtSize(out, size) <= maxWidth) return out;
  while (out.length > 1 && font.widthOfTextAtSize(`${out}…`, size) > maxWidth) {
    out = out.slice(0, -1);
  }
  return `${out.trimEnd()}…`;
}

const addressLines = (a: LabelAddress) =>
  [
    a.name,
    a.line1,
    a.line2,
    `${a.city}, ${a.state} ${a.zip.slice(0, 5)}`.replace(/^, /, ''),
  ].filter((line) => line.trim() !== '');

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** A full-width black band with the sandbox mark in white; returns the band's bottom. */
function sandboxBand(page: PDFPage, fonts: Fonts, top: number): number {
  const height = 24;
  page.drawRectangle({ x: 0, y: top - height, width: WIDTH, height, color: BLACK });
  const size = 12;
  const width = fonts.bold.widthOfTextAtSize(SANDBOX_MARK, size);
  page.drawText(SANDBOX_MARK, {
    x: (WIDTH - width) / 2,
    y: top - height + 8,
    size,
    font: fonts.bold,
    color: rgb(1, 1, 1),
  });
  return top - height;
}

function rule(page: PDFPage, y: number, thickness = 1.5) {
  page.drawLine({
    start: { x: 0, y },
    end: { x: WIDTH, y },
    thickness,
    color: BLACK,
  });
}

/** A labelled address block; returns the y below it. */
function addressBlock(
  page: PDFPage,
  fonts: Fonts,
  heading: string,
  address: LabelAddress,
  top: number,
  size: number,
): number {
  page.drawText(heading, { x: MARGIN, y: top - 10, size: 8, font: fonts.bold });
  let y = top - 12 - size;
  const indent = MARGIN + 30;
  addressLines(address).forEach((line, i) => {
    const font = i === 0 ? fonts.bold : fonts.regular;
    page.drawText(fit(line, font, size, WIDTH - indent - MARGIN), { x: indent, y, size, font });
    y -= size + 3;
  });
  return y;
}

async function barcodePng(tracking: string): Promise<Uint8Array> {
  return toBuffer({ bcid: 'code128', text: tracking, scale: 3, height: 18, includetext: false });
}

/** What the empty space says: this label is the shop's test stand-in. */
const NOTICE = [
  "This label was made by the shop's embedded sandbox.",
  'It carries no postage and USPS will not accept it.',
  'The shop makes real USPS return labels once its USPS',
  'account is set up.',
];

const OUTBOUND_NOTICE = [
  "This label was made by the shop's embedded sandbox.",
  'Its postage is not paid and USPS will not accept it.',
  'The shop buys real USPS labels once its USPS account',
  'is set up.',
];

/** What a sandbox label shows, whichever way it goes. */
interface LabelFace {
  title: string;
  heading: string;
  headingSize: number;
  from: LabelAddress;
  to: LabelAddress;
  orderNumber: string;
  /** Right of the heading, under the order number. */
  detail: string;
  notice: readonly string[];
}

/** The return label: a PDF of one 4 x 6 inch page. */
export function sandboxLabelPdf(
  request: ReturnLabelRequest,
  trackingNumber: string,
): Promise<Uint8Array> {
  return labelPdf(
    {
      title: `Return label, order ${request.orderNumber} (sandbox)`,
      heading: 'RETURN',
      headingSize: 24,
      from: request.from,
      to: request.to,
      orderNumber: request.orderNumber,
      detail: `Mailing date ${request.mailingDate}`,
      notice: NOTICE,
    },
    trackingNumber,
  );
}

/** An order's shipping label (decision 039): the shop to the customer, with its postage. */
export function sandboxOutboundLabelPdf(
  request: OutboundLabelRequest,
  trackingNumber: string,
  postage: number,
): Promise<Uint8Array> {
  const dollars = `$${(postage / 100).toFixed(2)}`;
  return labelPdf(
    {
      title: `Shipping label, order ${request.orderNumber} (sandbox)`,
      heading: 'GROUND ADVANTAGE',
      headingSize: 14,
      from: request.from,
      to: request.to,
      orderNumber: request.orderNumber,
      detail: `Postage ${dollars}`,
      notice: OUTBOUND_NOTICE,
    },
    trackingNumber,
  );
}

async function labelPdf(face: LabelFace, trackingNumber: string): Promise<Uint8Array> {
  const request = face;
  const pdf = await PDFDocument.create();
  pdf.setTitle(face.title);
  pdf.setSubject(SANDBOX_MARK);
  pdf.setCreator('Sunward shop, embedded label provider');
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const page = pdf.addPage([WIDTH, HEIGHT]);

  // Across the face, under everything else: no one can take it for a real label.
  page.drawText('SANDBOX', {
    x: 40,
    y: 200,
    size: 64,
    font: fonts.bold,
    color: rgb(0.85, 0.85, 0.85),
    rotate: degrees(33),
  });

  let y = sandboxBand(page, fonts, HEIGHT);
  page.drawText(face.heading, {
    x: MARGIN,
    y: y - 30 + (24 - face.headingSize) / 2,
    size: face.headingSize,
    font: fonts.bold,
  });
  page.drawText(fit(`Order ${request.orderNumber}`, fonts.regular, 9, 120), {
    x: WIDTH - MARGIN - fonts.regular.widthOfTextAtSize(`Order ${request.orderNumber}`, 9),
    y: y - 16,
    size: 9,
    font: fonts.regular,
  });
  page.drawText(face.detail, {
    x: WIDTH - MARGIN - fonts.regular.widthOfTextAtSize(face.detail, 9),
    y: y - 28,
    size: 9,
    font: fonts.regular,
  });
  y -= 40;
  rule(page, y);

  y = addressBlock(page, fonts, 'FROM:', request.from, y - 4, 9);
  rule(page, y, 0.75);
  y = addressBlock(page, fonts, 'SHIP TO:', request.to, y - 8, 13);
  y -= 6;
  rule(page, y, 3);

  const caption = 'USPS TRACKING # (SANDBOX)';
  page.drawText(caption, {
    x: (WIDTH - fonts.bold.widthOfTextAtSize(caption, 9)) / 2,
    y: y - 16,
    size: 9,
    font: fonts.bold,
  });
  const image = await pdf.embedPng(await barcodePng(trackingNumber));
  const barWidth = WIDTH - 2 * MARGIN - 12;
  const barHeight = 64;
  page.drawImage(image, {
    x: (WIDTH - barWidth) / 2,
    y: y - 24 - barHeight,
    width: barWidth,
    height: barHeight,
  });
  const human = groupedTracking(trackingNumber);
  page.drawText(human, {
    x: (WIDTH - fonts.bold.widthOfTextAtSize(human, 11)) / 2,
    y: y - 40 - barHeight,
    size: 11,
    font: fonts.bold,
  });
  y -= 50 + barHeight;
  rule(page, y, 3);
  y -= 8;
  for (const line of face.notice) {
    y -= 11;
    page.drawText(line, { x: MARGIN, y, size: 8.5, font: fonts.regular });
  }

  sandboxBand(page, fonts, 24);
  return pdf.save();
}

/**
 * The embedded provider: never fails for want of a network. A shipping label asked again with its key
 * is the same label (tracking number, postage, page); a void always refunds (nothing was paid).
 */
export const sandboxLabelProvider: LabelProvider = {
  name: 'sandbox',
  replaysKeys: true,
  async createReturnLabel(request) {
    const trackingNumber = sandboxTrackingNumber();
    return ok({ trackingNumber, pdf: await sandboxLabelPdf(request, trackingNumber) });
  },
  async buyLabel(request) {
    const trackingNumber = sandboxTrackingNumber(request.idempotencyKey);
    const postage = sandboxPostage(request.weightOz);
    return ok({
      trackingNumber,
      postage,
      pdf: await sandboxOutboundLabelPdf(request, trackingNumber, postage),
    });
  },
  voidLabel() {
    return Promise.resolve(ok({ refund: 'refunded' as const }));
  },
};
