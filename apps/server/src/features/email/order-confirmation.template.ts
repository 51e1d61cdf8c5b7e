/**
 * The order-confirmation email, in the shop's email layout. A guest finds the order again with the
 * order lookup (number and email); a signed-in customer's order is on their account page.
 */
import { formatMoney } from '@sunward/core/money';
import { sizeInfo, isSizeCode } from '@sunward/core/sizes';
import { designTitle } from '@sunward/core/designs';
import type { Order } from '@sunward/core/checkout-schemas';
import { escapeHtml } from '../../lib/html.ts';
import {
  COLORS,
  emailLayout,
  heading,
  link,
  paragraph,
  type ShopIdentity,
} from './email-layout.ts';

function addressLines(a: Order['shipping']['address']): string[] {
  return [a.line1, a.line2, `${a.city}, ${a.state} ${a.postal_code}`].filter(
    (l) => l.trim() !== '',
  );
}

/** A line of an order as the emails name it: "Alaska sun shirt, M - Regular, Front". */
export function productLabel(p: Order['products'][number]): string {
  const size = isSizeCode(p.size) ? sizeInfo(p.size).label : p.size;
  return `${designTitle(p.design)} sun shirt, ${size}, ${p.position}`;
}

export interface ConfirmationOptions {
  /** The order belongs to a customer (placed signed in): the email links to their account page. */
  account: boolean;
}

export function orderConfirmationEmail(
  order: Order,
  shop: ShopIdentity,
  options: ConfirmationOptions = { account: false },
) {
  const subject = `${shop.name} order ${order.orderNumber} confirmed`;
  const rows: [string, number][] = [
    ['Subtotal', order.subTotal],
    ['Shipping', order.shippingRate],
    ...(order.salesTax > 0 ? ([['Sales tax', order.salesTax]] as [string, number][]) : []),
    ['Total', order.total],
  ];
  const paidWith = order.billing.card.brand
    ? `Paid with ${order.billing.card.brand} ending in ${order.billing.card.last4 ?? ''}.`
    : '';
  const lookup = `${shop.siteUrl}/order-lookup`;
  const account = `${shop.siteUrl}/account`;
  const text = [
    `Thank you for your purchase, ${order.billing.name}!`,
    '',
    `Order number: ${order.orderNumber}`,
    '',
    ...order.products.map(
      (p) => `${p.quantity} x ${productLabel(p)}  ${formatMoney(p.productCost * p.quantity)}`,
    ),
    '',
    ...rows.map(([label, cents]) => `${label}: ${formatMoney(cents)}`),
    '',
    'Shipping to:',
    order.shipping.name,
    ...addressLines(order.shipping.address),
    '',
    paidWith,
    options.account
      ? `See your order in your account at ${account}.`
      : `Look up your order at ${lookup} with your order number and email.`,
  ].join('\n');

  const td = `padding:8px 0;border-bottom:1px solid ${COLORS.line};font-size:14px;`;
  const productRows = order.products
    .map(
      (p) =>
        `<tr><td style="${td}">${p.quantity} &times; ${escapeHtml(productLabel(p))}</td>` +
        `<td style="${td}text-align:right;">${formatMoney(p.productCost * p.quantity)}</td></tr>`,
    )
    .join('');
  const totalRows = rows
    .map(([label, cents]) => {
      const bold = label === 'Total' ? 'font-weight:bold;' : '';
      return (
        `<tr><td style="padding:4px 0;font-size:14px;${bold}">${label}</td>` +
        `<td style="padding:4px 0;font-size:14px;text-align:right;${bold}">${formatMoney(cents)}</td></tr>`
      );
    })
    .join('');
  const shipTo = [order.shipping.name, ...addressLines(order.shipping.address)]
    .map(escapeHtml)
    .join('<br>');
  const html = [
    heading('Thank You For Your Purchase!'),
    `<p style="font-size:14px;margin:0 0 16px;">Hi ${escapeHtml(order.billing.name)}, we have your order <strong>${escapeHtml(order.orderNumber)}</strong>.</p>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${productRows}</table>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:12px;">${totalRows}</table>`,
    `<h2 style="font-size:16px;margin:24px 0 4px;">Shipping to</h2>`,
    `<p style="font-size:14px;margin:0 0 16px;">${shipTo}</p>`,
    paidWith ? paragraph(paidWith) : '',
    options.account
      ? `<p style="font-size:14px;margin:16px 0 0;">See your order in ${link(account, 'your account')}.</p>`
      : `<p style="font-size:14px;margin:16px 0 0;">${link(lookup, 'Look up your order')} with your order number and email.</p>`,
  ].join('\n');
  return emailLayout(shop, { subject, html, text });
}
