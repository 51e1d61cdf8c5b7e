/**
 * The email a customer gets when they cancel a pending order from their account page: what was
 * cancelled, what was refunded to which card, when the money shows, and a link back to the account.
 */
import { cardBrandLabel } from '@sunward/core/card';
import type { Order } from '@sunward/core/checkout-schemas';
import { formatMoney } from '@sunward/core/money';
import { emailLayout, heading, link, paragraph, type ShopIdentity } from './email-layout.ts';
import { productTable, productTextLines } from './order-lines.ts';

/**
 * `refunded`: cents paid back by this cancellation (0: nothing was left to refund, e.g. an exchange).
 * `by`: the customer cancelled from their account, or the shop cancelled (an operator, issue 15).
 */
export function orderCancelledEmail(
  order: Order,
  refunded: number,
  shop: ShopIdentity,
  by: 'customer' | 'shop' = 'customer',
) {
  const amount = formatMoney(refunded);
  const subject =
    refunded > 0
      ? `${shop.name} order ${order.orderNumber} cancelled and refunded`
      : `${shop.name} order ${order.orderNumber} cancelled`;
  const { brand, last4 } = order.billing.card;
  const brandName = brand ? cardBrandLabel(brand) : '';
  const card =
    brandName && last4 ? `your ${brandName} card ending in ${last4}` : 'the card you paid with';
  const money =
    refunded > 0
      ? [
          `We have refunded ${amount} to ${card}.`,
          'Depending on your bank, it shows on your card within 5 to 10 business days.',
        ]
      : ['There is no card payment left to refund on this order.'];
  const account = `${shop.siteUrl}/account`;
  const greeting = `Hello ${order.billing.name || 'there'},`;
  const cancelled =
    by === 'customer'
      ? `Your order ${order.orderNumber} has been cancelled, as you asked.`
      : `We are sorry: we had to cancel your order ${order.orderNumber}. Please write to us at ${shop.supportEmail} if you have any questions.`;

  const text = [
    'Your order has been cancelled',
    '',
    greeting,
    '',
    cancelled,
    '',
    ...productTextLines(order),
    '',
    ...money,
    '',
    `Your orders are in your account at ${account}.`,
  ].join('\n');

  const html = [
    heading('Your Order Has Been Cancelled'),
    paragraph(greeting),
    paragraph(cancelled),
    productTable(order, 'margin:0 0 16px;'),
    ...money.map((line) => paragraph(line)),
    `<p style="font-size:14px;margin:16px 0 0;">Your orders are in ${link(account, 'your account')}.</p>`,
  ].join('\n');
  return emailLayout(shop, { subject, html, text });
}
