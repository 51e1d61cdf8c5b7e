/**
 * The email a customer gets when their return label is ready (spec 9: "Return label emailed within 24
 * hours"): the link to the PDF, the tracking number, how to send the parcel, and for a sandbox label
 * that it cannot be mailed.
 */
import { emailLayout, heading, link, paragraph, type ShopIdentity } from '../email/email.api.ts';

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
  const greeting = `Hello ${label.name || 'there'},`;
  const ready = `Your return label for order ${label.orderNumber} is ready.`;
  const steps = [
    'Print the label and tape it flat on the largest side of your parcel.',
    'Pack the items you are sending back, and drop the parcel at a post office or give it to your mail carrier.',
    'Your refund is issued within 10 business days of our receiving the parcel.',
  ];
  const sandbox = label.sandbox
    ? [
        'This label comes from our test system: it carries no postage and USPS will not accept it. Please contact us and we will send you a label you can use.',
      ]
    : [];
  const tracking = `Tracking number: ${label.trackingNumber}`;

  const text = [
    'Your return label is ready',
    '',
    greeting,
    '',
    ready,
    '',
    `Print your label: ${label.url}`,
    tracking,
    '',
    ...steps,
    ...(sandbox.length ? ['', ...sandbox] : []),
  ].join('\n');

  const html = [
    heading('Your Return Label Is Ready'),
    paragraph(greeting),
    paragraph(ready),
    `<p style="font-size:16px;margin:0 0 12px;font-weight:bold;">${link(label.url, 'Print your return label (PDF)')}</p>`,
    paragraph(tracking),
    ...steps.map((step) => paragraph(step)),
    ...sandbox.map((line) => paragraph(line, 'color:#b42318;font-weight:bold;')),
  ].join('\n');
  return emailLayout(shop, { subject, html, text });
}
