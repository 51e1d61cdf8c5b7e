/**
 * The print of a batch of labels (issue 27 item 1, decision 039): one PDF, and for each order in the
 * order given its 4 x 6 inch label page (as the carrier made it) followed by its packing slip, 4 x 6
 * inches too, so the whole batch prints on one roll of thermal labels without changing the paper: the
 * slip goes in the parcel, the label on it. A slip with more lines than a page holds continues on the
 * next page.
 *
 * The slip: the shop's name (the shopName setting) and return address, "Packing slip", the order
 * number and date, who it ships to, and each line's design, size, print position and quantity.
 */
import { formatDate } from '@sunward/core/dates';
import { designTitle } from '@sunward/core/designs';
import { sizeLabel } from '@sunward/core/sizes';
import type { Address } from '@sunward/core/schemas';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Db } from '../../db/database.ts';
import { normalizeOrderNumber } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import * as orders from '../orders/orders.api.ts';
import { loadSettings } from '../settings/settings.api.ts';
import * as repo from './outbound-labels.repository.ts';

const WIDTH = 288;
const HEIGHT = 432;
const MARGIN = 16;
const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Text the standard fonts can draw (WinAnsi), cut with an ellipsis to `maxWidth`. */
function fit(text: string, font: PDFFont, size: number, maxWidth: number): string {
  const known = new Set(font.getCharacterSet());
  let out = [...text.normalize('NFC')]
    .map((ch) => (known.has(ch.codePointAt(0)!) ? ch : '?'))
    .join('');
  if (font.widthOfTextAtSize(out, size) <= maxWidth) return out;
  while (out.length > 1 && font.widthOfTextAtSize(`${out}…`, size) > maxWidth) {
    out = out.slice(0, -1);
  }
  return `${out.trimEnd()}…`;
}

export interface SlipOrder {
  orderNumber: string;
  /** The shop's calendar day it was placed, YYYY-MM-DD. */
  date: string;
  shipTo: { name: string; lines: string[] };
  items: { design: string; size: string; position: string; quantity: number }[];
}

export interface SlipShop {
  name: string;
  returnLines: string[];
}

const COLUMNS = { design: MARGIN, size: 132, position: 196, qty: WIDTH - MARGIN };
const ROW = 14;

function text(
  page: PDFPage,
  value: string,
  at: { x: number; y: number; size: number; font: PDFFont; maxWidth?: number; right?: boolean },
) {
  const shown = fit(value, at.font, at.size, at.maxWidth ?? WIDTH - 2 * MARGIN);
  const x = at.right ? at.x - at.font.widthOfTextAtSize(shown, at.size) : at.x;
  page.drawText(shown, { x, y: at.y, size: at.size, font: at.font, color: BLACK });
}

function rule(page: PDFPage, y: number, thickness = 1) {
  page.drawLine({
    start: { x: MARGIN, y },
    end: { x: WIDTH - MARGIN, y },
    thickness,
    color: BLACK,
  });
}

/** The slip's head; returns the y under it. */
function slipHead(page: PDFPage, fonts: Fonts, shop: SlipShop, order: SlipOrder, part: string) {
  let y = HEIGHT - MARGIN - 14;
  text(page, shop.name, { x: MARGIN, y, size: 16, font: fonts.bold, maxWidth: 150 });
  text(page, 'PACKING SLIP', {
    x: WIDTH - MARGIN,
    y: y + 2,
    size: 11,
    font: fonts.bold,
    right: true,
  });
  y -= 14;
  for (const line of shop.returnLines) {
    text(page, line, { x: MARGIN, y, size: 8, font: fonts.regular, maxWidth: 150 });
    y -= 10;
  }
  let right = HEIGHT - MARGIN - 28;
  text(page, `Order ${order.orderNumber}`, {
    x: WIDTH - MARGIN,
    y: right,
    size: 10,
    font: fonts.bold,
    right: true,
  });
  right -= 12;
  text(page, `Placed ${order.date}`, {
    x: WIDTH - MARGIN,
    y: right,
    size: 9,
    font: fonts.regular,
    right: true,
  });
  if (part) {
    right -= 11;
    text(page, part, { x: WIDTH - MARGIN, y: right, size: 9, font: fonts.regular, right: true });
  }
  y = Math.min(y, right) - 6;
  rule(page, y, 1.5);
  return y;
}

/** The ship-to block; returns the y under it. */
function shipTo(page: PDFPage, fonts: Fonts, order: SlipOrder, top: number) {
  let y = top - 14;
  text(page, 'SHIP TO', { x: MARGIN, y, size: 8, font: fonts.bold });
  y -= 14;
  text(page, order.shipTo.name, { x: MARGIN, y, size: 11, font: fonts.bold });
  for (const line of order.shipTo.lines) {
    y -= 13;
    text(page, line, { x: MARGIN, y, size: 11, font: fonts.regular });
  }
  y -= 10;
  rule(page, y);
  return y;
}

function tableHead(page: PDFPage, fonts: Fonts, top: number) {
  const y = top - 14;
  const head = { y, size: 8, font: fonts.bold };
  text(page, 'DESIGN', { ...head, x: COLUMNS.design });
  text(page, 'SIZE', { ...head, x: COLUMNS.size });
  text(page, 'PRINT', { ...head, x: COLUMNS.position });
  text(page, 'QTY', { ...head, x: COLUMNS.qty, right: true });
  return y - 6;
}

/** The packing slip of `order`: one 4 x 6 page, more when its lines do not fit. */
export async function addPackingSlip(
  pdf: PDFDocument,
  fonts: Fonts,
  shop: SlipShop,
  order: SlipOrder,
): Promise<void> {
  const units = order.items.reduce((n, i) => n + i.quantity, 0);
  const footer = MARGIN + 30;
  let index = 0;
  let sheet = 1;
  do {
    const page = pdf.addPage([WIDTH, HEIGHT]);
    let y = slipHead(page, fonts, shop, order, sheet > 1 ? `continued, page ${sheet}` : '');
    if (sheet === 1) y = shipTo(page, fonts, order, y);
    y = tableHead(page, fonts, y);
    while (index < order.items.length && y - ROW > footer) {
      const item = order.items[index]!;
      y -= ROW;
      const cell = { y, size: 10, font: fonts.regular };
      text(page, item.design, { ...cell, x: COLUMNS.design, maxWidth: COLUMNS.size - MARGIN - 6 });
      text(page, item.size, {
        ...cell,
        x: COLUMNS.size,
        maxWidth: COLUMNS.position - COLUMNS.size - 6,
      });
      text(page, item.position, { ...cell, x: COLUMNS.position, maxWidth: 60 });
      text(page, String(item.quantity), { ...cell, x: COLUMNS.qty, right: true, font: fonts.bold });
      index++;
    }
    rule(page, footer + 12);
    const done = index >= order.items.length;
    page.drawText(
      done
        ? `${units} ${units === 1 ? 'shirt' : 'shirts'} in this parcel. Thank you for your order!`
        : 'Continued on the next page.',
      { x: MARGIN, y: footer, size: 8.5, font: fonts.regular, color: GREY },
    );
    sheet++;
  } while (index < order.items.length);
}

/** Text for a slip from the order's JSON address. */
function addressLines(json: string): string[] {
  const a = JSON.parse(json) as Partial<Address>;
  return [a.line1 ?? '', a.line2 ?? '', `${a.city ?? ''}, ${a.state ?? ''} ${a.postal_code ?? ''}`]
    .map((l) => l.trim())
    .filter((l) => l !== '' && l !== ',');
}

export type PrintFailure = Failure<'not_found'> | Failure<'no_label', { orderNumbers: string[] }>;

/**
 * One PDF of `orderNumbers`' labels and packing slips, in that order. Every order needs a bought label:
 * no_label names those without one (nothing is printed), not_found an order the shop does not know.
 */
export async function printLabels(
  db: Db,
  orderNumbers: readonly string[],
): Promise<Result<Uint8Array, PrintFailure>> {
  const found = await Promise.all(
    orderNumbers.map((n) => orders.findOrderByNumber(db, normalizeOrderNumber(n))),
  );
  const missing = orderNumbers.filter((_, i) => !found[i]);
  if (missing.length) return fail('not_found', `There is no order ${missing.join(', ')}.`);
  const known = found.flatMap((o) => (o ? [o] : []));
  const latest = await repo.latestLabels(
    db,
    known.map((o) => o.id),
  );
  const without = known.filter((o) => latest.get(o.id)?.status !== 'bought');
  if (without.length) {
    const numbers = without.map((o) => o.order_number);
    return fail(
      'no_label',
      `${numbers.length === 1 ? 'Order' : 'Orders'} ${numbers.join(', ')} ${numbers.length === 1 ? 'has' : 'have'} no label to print.`,
      { orderNumbers: numbers },
    );
  }

  const settings = await loadSettings(db);
  const { company, line1, city, state, zip } = settings.returnAddress;
  const shop: SlipShop = {
    name: settings.shopName,
    returnLines: [company, line1, `${city}, ${state} ${zip}`],
  };
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Shipping labels and packing slips (${known.length})`);
  pdf.setCreator(`${settings.shopName} shop`);
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  for (const order of known) {
    const label = await repo.findPdf(db, latest.get(order.id)!.id);
    if (!label?.pdf) {
      // Erased with the customer's personal data (labels-personal-data.ts).
      return fail('no_label', `The label of order ${order.order_number} was erased.`, {
        orderNumbers: [order.order_number],
      });
    }
    const source = await PDFDocument.load(label.pdf);
    const pages = await pdf.copyPages(source, source.getPageIndices());
    for (const page of pages) pdf.addPage(page);
    const items = await orders.listItems(db, order.id);
    await addPackingSlip(pdf, fonts, shop, {
      orderNumber: order.order_number,
      date: formatDate(order.created_at),
      shipTo: { name: order.shipping_name, lines: addressLines(order.shipping_address) },
      items: items.map((i) => ({
        design: designTitle(i.design),
        size: sizeLabel(i.size),
        position: i.position,
        quantity: i.quantity,
      })),
    });
  }
  return ok(await pdf.save());
}
