/**
 * The email a shopper gets when money goes back to their card: a payment that could not become an
 * order, refunded in full (`why` says what went wrong), or a refund an operator made on an order
 * (`order`: part or all of what was paid; the operator's reason stays in the console, it may be an
 * internal note).
 */
import { formatMoney } from '@sunward/core/money';
import { EmailLayout, Paragraph, renderEmail, type ShopIdentity } from './email-kit.tsx';

const BANK_DELAY = 'Depending on your bank, it shows on your card within 5 to 10 business days.';

export function paymentRefundedEmail(
  input:
    | { name: string; amount: number; why: string }
    | { name: string; amount: number; order: { orderNumber: string; inFull: boolean } },
  shop: ShopIdentity,
) {
  const amount = formatMoney(input.amount);
  const hello = `Hello ${input.name || 'there'},`;
  let subject: string;
  let lines: string[];
  if ('order' in input) {
    const { orderNumber, inFull } = input.order;
    subject = `${shop.name}: a refund of ${amount} for order ${orderNumber}`;
    lines = [
      hello,
      `We have refunded ${amount} to the card you paid with for order ${orderNumber}.` +
        (inFull ? ' Your order is now refunded in full.' : ''),
      BANK_DELAY,
      `Questions about this refund? Reply to this email or write to ${shop.supportEmail}.`,
    ];
  } else {
    subject = `${shop.name}: your payment of ${amount} was refunded`;
    lines = [
      hello,
      `We could not complete your order: ${input.why}`,
      `Your payment of ${amount} has been refunded in full. ${BANK_DELAY}`,
      `We are sorry for the trouble. You can place the order again at ${shop.siteUrl}/bag.`,
    ];
  }
  return renderEmail(
    subject,
    <EmailLayout shop={shop} subject={subject}>
      {lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
    </EmailLayout>,
  );
}
