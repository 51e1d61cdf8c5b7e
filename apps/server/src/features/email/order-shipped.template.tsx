/**
 * The email a customer gets when an operator marks their order shipped (issue 15): what is on its way,
 * to which address, with which carrier, and the tracking link (the same page Track Package opens).
 */
import { CARRIER_NAMES, isCarrier, trackingUrl } from '@sunward/core/carriers';
import type { Order } from '@sunward/core/checkout-schemas';
import {
  EmailHeading,
  EmailLayout,
  EmailLink,
  Paragraph,
  renderEmail,
  type ShopIdentity,
} from './email-kit.tsx';
import { ProductLines } from './order-lines.tsx';

export function orderShippedEmail(order: Order, shop: ShopIdentity) {
  const tracking = order.tracking ?? '';
  const carrier = order.carrier && isCarrier(order.carrier) ? CARRIER_NAMES[order.carrier] : 'USPS';
  const url = trackingUrl(order.carrier, tracking);
  const subject = `${shop.name} order ${order.orderNumber} has shipped`;
  const { line1, line2, city, state, postal_code: zip } = order.shipping.address;
  const to = [line1, line2, `${city}, ${state} ${zip}`].filter(Boolean).join(', ');
  const account = `${shop.siteUrl}/account`;

  return renderEmail(
    subject,
    <EmailLayout shop={shop} subject={subject}>
      <EmailHeading>Your Order Has Shipped</EmailHeading>
      <Paragraph>Hello {order.shipping.name || order.billing.name || 'there'},</Paragraph>
      <Paragraph>
        Your order {order.orderNumber} is on its way with {carrier}.
      </Paragraph>
      <Paragraph>
        It is going to {order.shipping.name}, {to}.
      </Paragraph>
      <Paragraph>
        Tracking number: {tracking}
        <br />
        <EmailLink href={url}>Track your package</EmailLink>
      </Paragraph>
      <ProductLines order={order} />
      <Paragraph>
        Your orders are in <EmailLink href={account}>your account</EmailLink>.
      </Paragraph>
    </EmailLayout>,
  );
}
