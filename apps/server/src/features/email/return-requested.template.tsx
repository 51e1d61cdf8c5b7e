/**
 * The email a customer gets when they submit a return (spec 2, Return Confirmation; spec 9): what goes
 * back and why (each refunded unit with its price), the exchanges with their new size and position,
 * the sales tax refund, the return shipping fee (deducted), the refund amount they add up to, and what
 * happens next (the label within 24 hours, the refund within 10 business days of approval, the
 * replacement order of an exchange).
 */
import { formatMoney } from '@sunward/core/money';
import {
  AmountLines,
  EmailHeading,
  EmailLayout,
  EmailLink,
  Paragraph,
  renderEmail,
  Subheading,
  type ShopIdentity,
} from './email-kit.tsx';

export interface ReturnedUnitLine {
  /** The unit in words: "Alaska sun shirt, MD - Regular, Front". */
  label: string;
  returnType: 'Refund' | 'Exchange';
  /** too-short, too-long, too-tight or too-loose. */
  reason: string;
  /** Refund: the unit's price in cents, no tax (its share is in the sales tax refund). */
  amount: number;
  /** Exchange: the new size and position in words ("LG - Regular, Back"). */
  exchangeTo: string | null;
}

export interface ReturnRequestedDetails {
  orderNumber: string;
  name: string;
  units: readonly ReturnedUnitLine[];
  totalSalesTaxRefund: number;
  shippingFee: number;
  refundAmount: number;
  /** The replacement order of the exchanged units, if any. */
  exchangeOrderNumber: string | null;
  /** Whether the customer has an account to see the order in (else the order lookup). */
  account: boolean;
}

export const RETURN_LABEL_PROMISE = 'You will receive a return label via email within 24 hours.';

const reasonWords = (reason: string) => reason.replace(/-/g, ' ');

function unitLine(unit: ReturnedUnitLine): { what: string; amount: string } {
  return unit.returnType === 'Refund'
    ? {
        what: `Refund: ${unit.label} (${reasonWords(unit.reason)})`,
        amount: formatMoney(unit.amount),
      }
    : {
        what: `Exchange: ${unit.label} for ${unit.exchangeTo ?? ''} (${reasonWords(unit.reason)})`,
        amount: '',
      };
}

export function returnRequestedEmail(details: ReturnRequestedDetails, shop: ShopIdentity) {
  const subject = `${shop.name} return requested for order ${details.orderNumber}`;
  const greeting = `Hello ${details.name || 'there'},`;
  const received = `We received your return request for order ${details.orderNumber}.`;
  const lines = details.units.map(unitLine);
  // The fee is deducted: shown negative, so the lines above the refund amount add up to it.
  const fee =
    details.shippingFee > 0
      ? formatMoney(-details.shippingFee)
      : `${formatMoney(0)} (your free return)`;
  const totals: [string, string][] = [
    ['Sales tax refund', formatMoney(details.totalSalesTaxRefund)],
    ['Return shipping fee', fee],
    ['Refund amount', formatMoney(details.refundAmount)],
  ];
  const next = [
    RETURN_LABEL_PROMISE,
    ...(details.refundAmount > 0
      ? [
          `Once we receive your return, ${formatMoney(details.refundAmount)} is refunded to the card you paid with within 10 business days. If you have not received it 15 business days after approval, please contact support.`,
        ]
      : []),
    ...(details.exchangeOrderNumber
      ? [
          `Your exchange is order ${details.exchangeOrderNumber}: we will ship it and email you when it is on its way.`,
        ]
      : []),
  ];
  const where = details.account
    ? { href: `${shop.siteUrl}/account`, text: 'your account' }
    : { href: `${shop.siteUrl}/order-lookup`, text: 'the order lookup' };

  return renderEmail(
    subject,
    <EmailLayout shop={shop} subject={subject}>
      <EmailHeading>We Received Your Return Request</EmailHeading>
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>{received}</Paragraph>
      <AmountLines lines={lines.map((l) => ({ what: l.what, amount: l.amount }))} />
      <AmountLines
        labels
        lines={totals.map(([label, value], i) => ({
          what: label,
          amount: value,
          bold: i === totals.length - 1,
        }))}
      />
      <Subheading>What happens next</Subheading>
      {next.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <Paragraph>
        Your returns are in <EmailLink href={where.href}>{where.text}</EmailLink>.
      </Paragraph>
    </EmailLayout>,
  );
}
