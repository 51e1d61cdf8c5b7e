/**
 * The acknowledgements of the support form and the privacy data request (the shop's email template
 * system, decision 043). They never quote the message: the address they go to is not verified, and a
 * form that mails any text to any address would be a spam relay. For the same reason the order number
 * they name is one the service checked: an order placed with the address the acknowledgement goes to.
 */
import { longDate } from '@sunward/core/support';
import {
  ButtonLink,
  EmailHeading,
  EmailLayout,
  Paragraph,
  renderEmail,
  type ShopIdentity,
} from '../email/email.api.ts';

const reference = (id: string) => `Your reference: ${id}.`;

function simpleEmail(shop: ShopIdentity, subject: string, heading: string, lines: string[]) {
  return renderEmail(
    subject,
    <EmailLayout shop={shop} subject={subject}>
      <EmailHeading>{heading}</EmailHeading>
      {lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
    </EmailLayout>,
  );
}

export function supportReceivedEmail(
  request: { id: string; orderNumber: string | null },
  shop: ShopIdentity,
) {
  const about = request.orderNumber ? ` about order ${request.orderNumber}` : '';
  return simpleEmail(shop, `${shop.name}: we received your message`, 'We Received Your Message', [
    'Hello,',
    `Thank you for writing to us. We received your message${about} and will get back to you soon.`,
    reference(request.id),
    `To add something, write to ${shop.supportEmail} and give this reference.`,
  ]);
}

export function dataRequestReceivedEmail(
  /**
   * `receivedOn` and `dueBy`: ISO dates on the shop's calendar; `proofUrl`: the signed link that
   * proves the address is the requester's (decision 053), working `proofDays` days.
   */
  request: { id: string; receivedOn: string; dueBy: string; proofUrl: string; proofDays: number },
  shop: ShopIdentity,
) {
  const subject = `${shop.name}: we received your privacy request`;
  return renderEmail(
    subject,
    <EmailLayout shop={shop} subject={subject}>
      <EmailHeading>We Received Your Privacy Request</EmailHeading>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        We received your privacy data request on {longDate(request.receivedOn)}.
      </Paragraph>
      <Paragraph>
        Under the California Consumer Privacy Act (CCPA) we will respond by{' '}
        {longDate(request.dueBy)}, within 45 days of receiving it. If we need more time, we will
        tell you before then and say why.
      </Paragraph>
      <Paragraph>
        Before we share or delete any personal information, please confirm that this email address
        is yours, so that no one else can see or erase your data. The link works for{' '}
        {request.proofDays} days.
      </Paragraph>
      <ButtonLink href={request.proofUrl}>Confirm my email address</ButtonLink>
      <Paragraph>
        If you did not send this request, ignore this email: nothing is shared or deleted without
        the confirmation.
      </Paragraph>
      <Paragraph>{reference(request.id)}</Paragraph>
    </EmailLayout>,
  );
}
