/**
 * The email a customer gets when their return label is ready (spec 9: "Return label emailed within 24
 * hours"): the link to the PDF, the tracking number, how to send the parcel, and for a sandbox label
 * that it cannot be mailed.
 */
import {
  EmailHeading,
  EmailLayout,
  EmailLink,
  Paragraph,
  renderEmail,
  type ShopIdentity,
} from '../email/email.api.ts';

export interface ReturnLabelEmail {
  orderNumber: string;
  /** The customer's name, as on the order's shipping address. */
  name: string;
  url: string;
  trackingNumber: string;
  /** A sandbox label: no postage, says so. */
  sandbox: boolean;
}

export function returnLabelEmail(label: ReturnLabelEmail, shop: ShopIdentity) {
  const subject = `Your ${shop.name} return label for order ${label.orderNumber}`;
  const steps = [
    'Print the label and tape it flat on the largest side of your parcel.',
    'Pack the items you are sending back, and drop the parcel at a post office or give it to your mail carrier.',
    'Your refund is issued within 10 business days of our receiving the parcel.',
  ];
  return renderEmail(
    subject,
    <EmailLayout shop={shop} subject={subject}>
      <EmailHeading>Your Return Label Is Ready</EmailHeading>
      <Paragraph>Hello {label.name || 'there'},</Paragraph>
      <Paragraph>Your return label for order {label.orderNumber} is ready.</Paragraph>
      <Paragraph style={{ fontSize: '16px', fontWeight: 'bold' }}>
        Print your label: <EmailLink href={label.url}>{label.url}</EmailLink>
      </Paragraph>
      <Paragraph>Tracking number: {label.trackingNumber}</Paragraph>
      {steps.map((step) => (
        <Paragraph key={step}>{step}</Paragraph>
      ))}
      {label.sandbox ? (
        <Paragraph style={{ color: '#b42318', fontWeight: 'bold' }}>
          This label comes from our test system: it carries no postage and USPS will not accept it.
          Please contact us and we will send you a label you can use.
        </Paragraph>
      ) : null}
    </EmailLayout>,
  );
}
