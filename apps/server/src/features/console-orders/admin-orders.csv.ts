/**
 * The orders list as CSV (RFC 4180), written a batch of rows at a time so a million orders never sit
 * in memory. Cells are safe to open in a spreadsheet: a cell that starts with = + - @ (or a tab, a
 * carriage return or a line feed, or whitespace and then one of the four) would be read as a formula,
 * so it gets a leading apostrophe (OWASP's CSV injection advice); a cell with a comma, a quote or a line
 * break is quoted, its quotes doubled.
 */
import { designTitle } from '@sunward/core/designs';
import { SHOP_TIME_ZONE } from '@sunward/core/dates';
import { paymentStatusOf, PAYMENT_STATUS_LABELS } from '@sunward/core/order-payment';
import { sizeLabel } from '@sunward/core/sizes';
import type { ListedOrder } from './admin-orders.repository.ts';

const CONTROL_START = /^[\t\r\n]/;
/**
 * A formula's first character after any leading whitespace (Unicode's too: U+00A0, U+3000) or invisible
 * format character (U+200B), which some spreadsheets skip. It is tested on the NFKC form of the cell:
 * spreadsheets fold look-alikes to ASCII, and NFKC maps every one of them to = + - @ (full-width ＝ ＋
 * － ＠, the small forms U+FE62/63/66/6B, super- and subscript + and =, U+FB29, ⩵ and ⩶).
 */
const FORMULA_START = /^[\s\p{Cf}]*[=+\-@]/u;
const NEEDS_QUOTES = /[",\r\n]/;

const startsFormula = (text: string) =>
  CONTROL_START.test(text) || FORMULA_START.test(text.normalize('NFKC'));

/** One CSV cell: formula-safe, quoted when it must be. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (startsFormula(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, CRLF-terminated as RFC 4180 writes it. */
export function csvRow(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export const CSV_HEADER = [
  'Order number',
  'Created (shop time)',
  'Status',
  'Payment status',
  'Email',
  'Name',
  'Items',
  'Subtotal',
  'Shipping',
  'Tax',
  'Total',
  'Refunded',
  'Tracking',
  'Carrier',
] as const;

const dollars = (cents: number) => (cents / 100).toFixed(2);

const shopTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** "2026-06-01 14:03" in Charlotte: what a spreadsheet reads as a date and time. */
export function shopDateTime(iso: string): string {
  const parts = Object.fromEntries(
    shopTime.formatToParts(new Date(iso)).map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

export interface CsvItem {
  design: string;
  size: string;
  position: string;
  quantity: number;
}

/** "2 x Alaska (MD - Regular, Front); 1 x Big Sur (SM - Short, Back)" */
export function itemsText(items: readonly CsvItem[]): string {
  return items
    .map((i) => `${i.quantity} x ${designTitle(i.design)} (${sizeLabel(i.size)}, ${i.position})`)
    .join('; ');
}

export function orderCsvRow(order: ListedOrder, items: readonly CsvItem[]): string {
  return csvRow([
    order.order_number,
    shopDateTime(order.created_at),
    order.status,
    PAYMENT_STATUS_LABELS[paymentStatusOf(order.total, order.amount_refunded)],
    order.email,
    order.shipping_name,
    itemsText(items),
    dollars(order.subtotal),
    dollars(order.shipping),
    dollars(order.sales_tax),
    dollars(order.total),
    dollars(order.amount_refunded),
    order.tracking,
    order.carrier,
  ]);
}
