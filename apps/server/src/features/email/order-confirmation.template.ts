/**
 * The order-confirmation email, in the shop's email layout. A guest finds the order again with the
 * order lookup (number and email); a signed-in customer's order is on their account page.
 */
import { cardBrandLabel } from '@sunward/core/card';
import { formatMoney } from '@sunward/core/money';
import { describeTaxRate } from '@sunward/core/tax';
import type { Order } from '@sunward/core/checkout-schemas';
import { escapeHtml } from '../../lib/html.ts';
import { emailLayout, heading, link, paragraph, type ShopIdentity } from './email-layout.ts';
import { productTable, productTextLines } from './order-lines.ts';

function addressLines(a: Order['shipping']['address']): string[] {
  return [a.line1, a.line2, `${a.city}, ${a.state} ${a.postal_code}`].filter(
    (l) => l.trim() !== '',
  );
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
    // The discount code's line (issue 28): codes are letters, digits, - and _ (safe in HTML).
    ...(order.discount
      ? ([[`Discount (${order.discountCode ?? ''})`, -order.discount]] as [string, number][])
      : []),
    ...(order.salesTax > 0 ? ([['Sales tax', order.salesTax]] as [string, number][]) : []),
    ['Total', order.total],
  ];
  // The rate the tax was charged at and its parts (state, county, transit), under the amounts.
  const taxRate =
    order.salesTax > 0 && order.salesTaxRate
      ? `Sales tax rate ${describeTaxRate(order.salesTaxRate)}.`
      : '';
  const { brand, last4 } = order.billing.card;
  const paidWith = brand ? `Paid with ${cardBrandLabel(brand)} ending in ${last4 ?? ''}.` : '';
  const lookup = `${shop.siteUrl}/order-lookup`;
  const account = `${shop.siteUrl}/account`;
  const text = [
    `Thank you for your purchase, ${order.billing.name}!`,
    '',
    `Order number: ${order.orderNumber}`,
    '',
    ...productTextLines(order),
    '',
    ...rows.map(([label, cents]) => `${label}: ${formatMoney(cents)}`),
    ...(taxRate ? [taxRate] : []),
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
    productTable(order),
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:12px;">${totalRows}</table>`,
    taxRate
      ? `<p style="font-size:12px;color:#5f655f;margin:4px 0 0;">${escapeHtml(taxRate)}</p>`
      : '',
    `<h2 style="font-size:16px;margin:24px 0 4px;">Shipping to</h2>`,
    `<p style="font-size:14px;margin:0 0 16px;">${shipTo}</p>`,
    paidWith ? paragraph(paidWith) : '',
    options.account
      ? `<p style="font-size:14px;margin:16px 0 0;">See your order in ${link(account, 'your account')}.</p>`
      : `<p style="font-size:14px;margin:16px 0 0;">${link(lookup, 'Look up your order')} with your order number and email.</p>`,
  ].join('\n');
  return emailLayout(shop, { subject, html, text });
}
