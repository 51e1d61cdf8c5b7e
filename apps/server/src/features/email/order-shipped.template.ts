/**
 * The email a customer gets when an operator marks their order shipped (issue 15): what is on its way,
 * to which address, with which carrier, and the tracking link (the same page Track Package opens).
 */
import { CARRIER_NAMES, isCarrier, trackingUrl } from '@sunward/core/carriers';
import type { Order } from '@sunward/core/checkout-schemas';
import { escapeHtml } from '../../lib/html.ts';
import { emailLayout, heading, link, paragraph, type ShopIdentity } from './email-layout.ts';
import { productTable, productTextLines } from './order-lines.ts';

export function orderShippedEmail(order: Order, shop: ShopIdentity) {
  const tracking = order.tracking ?? '';
  const carrier = order.carrier && isCarrier(order.carrier) ? CARRIER_NAMES[order.carrier] : 'USPS';
  const url = trackingUrl(order.carrier, tracking);
  const subject = `${shop.name} order ${order.orderNumber} has shipped`;
  const greeting = `Hello ${order.shipping.name || order.billing.name || 'there'},`;
  const shipped = `Your order ${order.orderNumber} is on its way with ${carrier}.`;
  const { line1, line2, city, state, postal_code: zip } = order.shipping.address;
  const to = [line1, line2, `${city}, ${state} ${zip}`].filter(Boolean).join(', ');
  const trackingLine = `Tracking number: ${tracking}`;
  const account = `${shop.siteUrl}/account`;

  const text = [
    'Your order has shipped',
    '',
    greeting,
    '',
    shipped,
    `It is going to ${order.shipping.name}, ${to}.`,
    '',
    trackingLine,
    `Track your package: ${url}`,
    '',
    ...productTextLines(order),
    '',
    `Your orders are in your account at ${account}.`,
  ].join('\n');

  const html = [
    heading('Your Order Has Shipped'),
    paragraph(greeting),
    paragraph(shipped),
    paragraph(`It is going to ${order.shipping.name}, ${to}.`),
    `<p style="font-size:14px;margin:0 0 12px;">${escapeHtml(trackingLine)}<br>${link(url, 'Track your package')}</p>`,
    productTable(order, 'margin:0 0 16px;'),
    `<p style="font-size:14px;margin:16px 0 0;">Your orders are in ${link(account, 'your account')}.</p>`,
  ].join('\n');
  return emailLayout(shop, { subject, html, text });
}
