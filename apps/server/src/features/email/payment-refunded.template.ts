/** The email a shopper gets when a payment could not become an order and was refunded in full. */
import { formatMoney } from '@sunward/core/money';
import { emailLayout, paragraph, type ShopIdentity } from './email-layout.ts';

export function paymentRefundedEmail(
  input: { name: string; amount: number; why: string },
  shop: ShopIdentity,
) {
  const amount = formatMoney(input.amount);
  const subject = `${shop.name}: your payment of ${amount} was refunded`;
  const lines = [
    `Hello ${input.name || 'there'},`,
    `We could not complete your order: ${input.why}`,
    `Your payment of ${amount} has been refunded in full. Depending on your bank, it shows on your card within 5 to 10 business days.`,
    `We are sorry for the trouble. You can place the order again at ${shop.siteUrl}/bag.`,
  ];
  return emailLayout(shop, {
    subject,
    html: lines.map((line) => paragraph(line)).join('\n'),
    text: lines.join('\n\n'),
  });
}
