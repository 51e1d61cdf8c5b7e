/**
 * The email a customer gets when they cancel a pending order from their account page: what was
 * cancelled, what was refunded to which card, when the money shows, and a link back to the account.
 */
import { cardBrandLabel } from '@sunward/core/card';
import type { Order } from '@sunward/core/checkout-schemas';
import { formatMoney } from '@sunward/core/money';
import {
  EmailHeading,
  EmailLayout,
  EmailLink,
  Paragraph,
  renderEmail,
  type ShopIdentity,
} from './email-kit.tsx';
import { OrderAmounts, ProductLines } from './order-lines.tsx';

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
  const cancelled =
    by === 'customer'
      ? `Your order ${order.orderNumber} has been cancelled, as you asked.`
      : `We are sorry: we had to cancel your order ${order.orderNumber}. Please write to us at ${shop.supportEmail} if you have any questions.`;

  return renderEmail(
    subject,
    <EmailLayout shop={shop} subject={subject}>
      <EmailHeading>Your Order Has Been Cancelled</EmailHeading>
      <Paragraph>Hello {order.billing.name || 'there'},</Paragraph>
      <Paragraph>{cancelled}</Paragraph>
      <ProductLines order={order} />
      <OrderAmounts order={order} />
      {money.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <Paragraph>
        Your orders are in <EmailLink href={account}>your account</EmailLink>.
      </Paragraph>
    </EmailLayout>,
  );
}
