/**
 * The order-confirmation email, in the shop's email layout. A guest finds the order again with the
 * order lookup (number and email); a signed-in customer's order is on their account page.
 */
import { cardBrandLabel } from '@sunward/core/card';
import { describeTaxRate } from '@sunward/core/tax';
import type { Order } from '@sunward/core/checkout-schemas';
import {
  EmailHeading,
  EmailLayout,
  EmailLink,
  Lines,
  Paragraph,
  renderEmail,
  Subheading,
  type ShopIdentity,
} from './email-kit.tsx';
import { OrderAmounts, ProductLines } from './order-lines.tsx';

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
  // The rate the tax was charged at and its parts (state, county, transit), under the amounts.
  const taxRate =
    order.salesTax > 0 && order.salesTaxRate
      ? `Sales tax rate ${describeTaxRate(order.salesTaxRate)}.`
      : '';
  const { brand, last4 } = order.billing.card;
  const paidWith = brand ? `Paid with ${cardBrandLabel(brand)} ending in ${last4 ?? ''}.` : '';
  const lookup = `${shop.siteUrl}/order-lookup`;
  const account = `${shop.siteUrl}/account`;
  return renderEmail(
    subject,
    <EmailLayout shop={shop} subject={subject}>
      <EmailHeading>Thank You For Your Purchase!</EmailHeading>
      <Paragraph>{`Thank you for your purchase, ${order.billing.name}!`}</Paragraph>
      <Paragraph>
        Order number: <strong>{order.orderNumber}</strong>
      </Paragraph>
      <ProductLines order={order} />
      <OrderAmounts order={order} />
      {taxRate ? (
        <Paragraph style={{ fontSize: '12px', color: '#5f655f' }}>{taxRate}</Paragraph>
      ) : null}
      <Subheading>Shipping to</Subheading>
      <Paragraph>
        <Lines lines={[order.shipping.name, ...addressLines(order.shipping.address)]} />
      </Paragraph>
      {paidWith ? <Paragraph>{paidWith}</Paragraph> : null}
      {options.account ? (
        <Paragraph>
          See your order in <EmailLink href={account}>your account</EmailLink>.
        </Paragraph>
      ) : (
        <Paragraph>
          <EmailLink href={lookup}>Look up your order</EmailLink> with your order number and email.
        </Paragraph>
      )}
    </EmailLayout>,
  );
}
