/**
 * What the order emails share: a product line in words, the product lines of the text part and the
 * HTML part's product table.
 */
import type { Order } from '@sunward/core/checkout-schemas';
import { designTitle } from '@sunward/core/designs';
import { formatMoney } from '@sunward/core/money';
import { sizeLabel } from '@sunward/core/sizes';
import { escapeHtml } from '../../lib/html.ts';
import { COLORS } from './email-layout.ts';

type OrderProduct = Order['products'][number];

/** A line of an order as the emails name it: "Alaska sun shirt, M - Regular, Front". */
function productLabel(p: OrderProduct): string {
  return `${designTitle(p.design)} sun shirt, ${sizeLabel(p.size)}, ${p.position}`;
}

const lineAmount = (p: OrderProduct) => formatMoney(p.productCost * p.quantity);

/** The text part's product lines: "2 x Alaska sun shirt, MD - Regular, Front  $90.00". */
export function productTextLines(order: Order): string[] {
  return order.products.map((p) => `${p.quantity} x ${productLabel(p)}  ${lineAmount(p)}`);
}

/** The HTML part's product table: a row a line, the quantity and name left, the amount right. */
export function productTable(order: Order, style = ''): string {
  const td = `padding:8px 0;border-bottom:1px solid ${COLORS.line};font-size:14px;`;
  const rows = order.products
    .map(
      (p) =>
        `<tr><td style="${td}">${p.quantity} &times; ${escapeHtml(productLabel(p))}</td>` +
        `<td style="${td}text-align:right;">${lineAmount(p)}</td></tr>`,
    )
    .join('');
  const attribute = style ? ` style="${style}"` : '';
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0"${attribute}>${rows}</table>`;
}
