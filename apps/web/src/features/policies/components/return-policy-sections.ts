import type { PolicySection } from './policy-document.tsx';

export const RETURN_POLICY_INTRO = [
  'We want you to love your {shop} shirt. If it does not fit or is not what you expected, you can return or exchange it under the terms below.',
];

/** Consistent with spec section 9: windows, free return, fees, labels and refund timing. */
export const RETURN_POLICY_SECTIONS: readonly PolicySection[] = [
  {
    title: 'Return window',
    body: [
      'You can start a return within 15 days after you receive your order.',
      'Holiday gifts bought between November 15 and December 24 can be returned until January 15 of the following year.',
    ],
  },
  {
    title: 'What can be returned',
    body: [
      'Shirts must be unworn, unwashed and in the condition you received them, with their tags attached. We cannot accept shirts that show wear, stains, odors or damage that happened after delivery.',
    ],
  },
  {
    title: 'One free return and one exchange per order',
    body: [
      'Your first return on an order is free: we email you a prepaid return label.',
      'Each order includes one exchange for a different size or print position of the same design. An exchange is offered only on the first return of an order.',
      'Any additional return on the same order is charged a return shipping fee equal to our ground shipping base price. The fee is taken from that refund.',
    ],
  },
  {
    title: 'How to start a return',
    body: [
      [
        'Signed in: open your account, find the order and choose Create Return.',
        'Checked out as a guest: use Order Lookup with your order number and email, then choose Create Return.',
        'Pick the shirts, the reason and whether you want a refund or an exchange, then submit.',
      ],
      'We email your return label within 24 hours. Pack the shirts, attach the label and drop the parcel at any USPS location.',
    ],
  },
  {
    title: 'Refunds',
    body: [
      'A refund covers the price of each returned shirt plus its share of the sales tax you paid on the order. Original shipping charges are not refunded.',
      'Refunds go back to the card you paid with within 10 business days after we approve the return. Your bank may take a few more days to show it.',
      'If you have not received your refund 15 business days after approval, please contact us at {email}.',
    ],
  },
  {
    title: 'Exchanges',
    body: [
      'We ship the exchange shirt once your return is on its way back to us, subject to stock. If the size you asked for is sold out, we refund you instead.',
    ],
  },
  {
    title: 'Damaged or wrong items',
    body: [
      'If a shirt arrives damaged or is not what you ordered, email {email} within 15 days of delivery with your order number and a photo. We will make it right at no cost to you, and it does not count as your free return.',
    ],
  },
];
