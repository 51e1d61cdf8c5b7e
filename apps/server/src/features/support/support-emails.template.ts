/**
 * The acknowledgements of the support form and the privacy data request (features/email layout). They
 * never quote the message: the address they go to is not verified, and a form that mails any text to
 * any address would be a spam relay. For the same reason the order number they name is one the service
 * checked: an order placed with the address the acknowledgement goes to.
 */
import { longDate } from '@sunward/core/support';
import { emailLayout, heading, paragraph, type ShopIdentity } from '../email/email.api.ts';

const reference = (id: string) => `Your reference: ${id}.`;

export function supportReceivedEmail(
  request: { id: string; orderNumber: string | null },
  shop: ShopIdentity,
) {
  const subject = `${shop.name}: we received your message`;
  const about = request.orderNumber ? ` about order ${request.orderNumber}` : '';
  const lines = [
    'Hello,',
    `Thank you for writing to us. We received your message${about} and will get back to you soon.`,
    reference(request.id),
    `To add something, write to ${shop.supportEmail} and give this reference.`,
  ];
  return emailLayout(shop, {
    subject,
    html: [heading('We Received Your Message'), ...lines.map((l) => paragraph(l))].join('\n'),
    text: ['We received your message', '', ...lines].join('\n\n'),
  });
}

export function dataRequestReceivedEmail(
  /** `receivedOn` and `dueBy`: ISO dates on the shop's calendar. */
  request: { id: string; receivedOn: string; dueBy: string },
  shop: ShopIdentity,
) {
  const subject = `${shop.name}: we received your privacy request`;
  const lines = [
    'Hello,',
    `We received your privacy data request on ${longDate(request.receivedOn)}.`,
    `Under the California Consumer Privacy Act (CCPA) we will respond by ${longDate(request.dueBy)}, within 45 days of receiving it. If we need more time, we will tell you before then and say why.`,
    'Before we share or delete any personal information we may ask you to confirm who you are, so that no one else can see or erase your data.',
    reference(request.id),
  ];
  return emailLayout(shop, {
    subject,
    html: [heading('We Received Your Privacy Request'), ...lines.map((l) => paragraph(l))].join(
      '\n',
    ),
    text: ['We received your privacy request', '', ...lines].join('\n\n'),
  });
}
