/**
 * The email a customer gets when an operator refunds their return (issue 15): how much went back, to
 * which card, when it shows, and where the order is. A refund smaller than the return's amount says so
 * with the operator's reason (a damaged shirt, say), so the customer is not left to guess.
 */
import { cardBrandLabel } from '@sunward/core/card';
import { formatMoney } from '@sunward/core/money';
import {
  EmailHeading,
  EmailLayout,
  EmailLink,
  Paragraph,
  renderEmail,
  type ShopIdentity,
} from '../email/email.api.ts';

export interface ReturnRefundedDetails {
  orderNumber: string;
  name: string;
  /** Cents refunded now. */
  amount: number;
  /** Cents the return was worth when submitted. */
  returnAmount: number;
  /** The operator's reason; said when the refund is less than the return's amount. */
  reason: string | null;
  card: { brand: string | null; last4: string | null };
  /** Whether the customer has an account to see the order in (else the order lookup). */
  account: boolean;
}

export function returnRefundedEmail(details: ReturnRefundedDetails, shop: ShopIdentity) {
  const amount = formatMoney(details.amount);
  const subject = `${shop.name} refund of ${amount} for order ${details.orderNumber}`;
  const brandName = details.card.brand ? cardBrandLabel(details.card.brand) : '';
  const card =
    brandName && details.card.last4
      ? `your ${brandName} card ending in ${details.card.last4}`
      : 'the card you paid with';
  const lines = [
    `Hello ${details.name || 'there'},`,
    `We have refunded ${amount} for your return of order ${details.orderNumber} to ${card}.`,
    ...(details.amount < details.returnAmount
      ? [
          `Your return came to ${formatMoney(details.returnAmount)}; we refunded ${amount}` +
            (details.reason ? `: ${details.reason}` : '.'),
        ]
      : []),
    'Depending on your bank, it shows on your card within 5 to 10 business days.',
  ];
  const where = details.account
    ? { href: `${shop.siteUrl}/account`, text: 'your account' }
    : { href: `${shop.siteUrl}/order-lookup`, text: 'the order lookup' };
  return renderEmail(
    subject,
    <EmailLayout shop={shop} subject={subject}>
      <EmailHeading>Your Refund Is On Its Way</EmailHeading>
      {lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <Paragraph>
        Your order is in <EmailLink href={where.href}>{where.text}</EmailLink>.
      </Paragraph>
    </EmailLayout>,
  );
}
