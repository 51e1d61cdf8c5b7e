import type { Order } from '@sunward/core/checkout-schemas';
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { escapeHtml } from '../../lib/html.ts';
import {
  EMAIL_DOCTYPE,
  EmailLayout,
  Paragraph,
  renderEmail,
  type ShopIdentity,
} from './email-kit.tsx';
import { orderCancelledEmail } from './order-cancelled.template.tsx';
import { orderConfirmationEmail } from './order-confirmation.template.tsx';
import { paymentRefundedEmail } from './payment-refunded.template.tsx';

const SCRIPT = '<script>alert("x")</script>';
const shop: ShopIdentity = {
  name: `Sun & ${SCRIPT}`,
  siteUrl: 'https://shop.example.com',
  supportEmail: 'help@example.com',
};
const escapedName = 'Sun &amp; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;';

const address = {
  line1: '1 Main St',
  line2: '',
  city: 'Charlotte',
  state: 'NC',
  postal_code: '28202',
  country: 'US',
};
const order: Order = {
  orderNumber: 'SW-1001',
  status: 'paid',
  createdAt: '2026-05-01T10:00:00Z',
  updatedAt: '2026-05-01T10:00:00Z',
  tracking: null,
  trackingEvents: [],
  deliveredAt: null,
  carrier: null,
  salesTaxRate: null,
  products: [
    {
      productId: 'p',
      design: 'alaska',
      size: 'ms',
      position: 'front',
      quantity: 2,
      productCost: 4500,
    },
  ],
  returns: [],
  shipping: { name: `Ann ${SCRIPT}`, address },
  shippingOption: 'ground',
  billing: {
    name: `Ann ${SCRIPT}`,
    email: 'ann@example.com',
    phone: null,
    address,
    card: { brand: 'visa', last4: '4242' },
  },
  subTotal: 9000,
  shippingRate: 0,
  salesTax: 428,
  total: 9428,
};

describe('escapeHtml', () => {
  it.each([
    ['a & b', 'a &amp; b'],
    ['<b>', '&lt;b&gt;'],
    [`"it's"`, '&quot;it&#39;s&quot;'],
    ['plain', 'plain'],
  ])('escapes %j', (text, expected) => {
    expect(escapeHtml(text)).toBe(expected);
  });
});

describe('email layout', async () => {
  const subject = `Hello from ${shop.name}`;
  const mail = await renderEmail(
    subject,
    createElement(EmailLayout, {
      shop,
      subject,
      children: createElement(Paragraph, null, `Dear ${SCRIPT},`),
    }),
  );

  it('puts the shop name in the header of both parts, escaped in the HTML', () => {
    expect(mail.html).toContain(escapedName);
    expect(mail.text.split('\n')[0]).toBe(shop.name);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('ends both parts with the support address and the site link', () => {
    expect(mail.html).toContain('href="mailto:help@example.com"');
    expect(mail.html).toContain('href="https://shop.example.com"');
    expect(mail.text).toContain('Questions? Write to help@example.com.');
    expect(mail.text).toContain(`Dear ${SCRIPT},`);
    expect(mail.text).toContain('https://shop.example.com');
  });

  it("is one XHTML document, without a streaming renderer's markers", () => {
    expect(mail.html.startsWith(`${EMAIL_DOCTYPE}<html`)).toBe(true);
    expect(mail.html.match(/<!DOCTYPE/g)).toHaveLength(1);
    // Fizz's boundary and text separators: `<!--$-->`, `<!--/$-->`, `<!--html-->`, `<!-- -->`.
    expect(mail.html).not.toMatch(/<!--(?:\$|\/\$|html|head|body| )-->/);
  });

  it('keeps styles inline (mail clients drop <style>)', () => {
    expect(mail.html).not.toContain('<style');
    expect(mail.html).toContain('style="');
  });
});

describe.each([
  ['order confirmation', () => orderConfirmationEmail(order, shop)],
  ['order confirmation (signed in)', () => orderConfirmationEmail(order, shop, { account: true })],
  ['order cancelled', () => orderCancelledEmail(order, 9428, shop)],
  [
    'payment refunded',
    () =>
      paymentRefundedEmail({ name: `Ann ${SCRIPT}`, amount: 9428, why: 'a size sold out.' }, shop),
  ],
])('%s email', (_name, make) => {
  it('is in the layout: the shop name in both parts, names with <script> escaped', async () => {
    const mail = await make();
    expect(mail.subject).toContain(shop.name);
    expect(mail.html).toContain(escapedName);
    expect(mail.text).toContain(shop.name);
    expect(mail.html).not.toMatch(/<script/i);
    expect(mail.html).toContain('Ann &lt;script&gt;');
    expect(mail.text).toContain(`Ann ${SCRIPT}`);
    expect(mail.html).toContain('mailto:help@example.com');
    expect(mail.text).toContain('help@example.com');
  });
});

describe('order confirmation links', () => {
  it('a guest finds the order with the lookup; a customer in their account', async () => {
    const guest = await orderConfirmationEmail(order, shop);
    expect(guest.text).toContain(
      'Look up your order <https://shop.example.com/order-lookup> with your order number and email.',
    );
    expect(guest.html).toContain('href="https://shop.example.com/order-lookup"');
    expect(guest.text).not.toContain('/account');
    const customer = await orderConfirmationEmail(order, shop, { account: true });
    expect(customer.text).toContain(
      'See your order in your account <https://shop.example.com/account>.',
    );
    expect(customer.html).toContain('href="https://shop.example.com/account"');
    expect(customer.text).not.toContain('/order-lookup');
    expect(customer.html).not.toContain('/order-lookup');
  });
});

/** The order above with 10% off by a code: tax 4.75% of $81.00. */
const discounted: Order = {
  ...order,
  discount: 900,
  discountCode: 'LAUNCH10',
  salesTax: 385,
  total: 8563,
};

describe('order lines in the order emails', () => {
  it.each([
    ['order confirmation', () => orderConfirmationEmail(order, shop)],
    ['order cancelled', () => orderCancelledEmail(order, 9428, shop)],
  ])(
    '%s: each line with its quantity, size in words and amount, in both parts',
    async (_name, make) => {
      const mail = await make();
      expect(mail.text).toContain('2 × Alaska sun shirt, ms, front  $90.00');
      expect(mail.html).toMatch(
        />2 × Alaska sun shirt, ms, front<\/td><td [^>]*align="right"[^>]*>\$90.00<\/td>/,
      );
    },
  );

  it.each([
    ['order confirmation', () => orderConfirmationEmail(discounted, shop)],
    ['order cancelled', () => orderCancelledEmail(discounted, 8563, shop)],
  ])(
    "%s: a discount code's own line between shipping and tax, the total what was charged",
    async (_name, make) => {
      const mail = await make();
      expect(mail.text).toContain(
        [
          'Subtotal: $90.00',
          'Shipping: $0.00',
          'Discount (LAUNCH10): -$9.00',
          'Sales tax: $3.85',
          'Total: $85.63',
        ].join('\n'),
      );
      expect(mail.html).toMatch(/>Discount \(LAUNCH10\):<\/td><td [^>]*>-\$9\.00<\/td>/);
    },
  );

  it('names a size code in words', async () => {
    const mds = { ...order, products: [{ ...order.products[0]!, size: 'mds' }] };
    expect((await orderConfirmationEmail(mds, shop)).text).toContain(
      '2 × Alaska sun shirt, MD - Short',
    );
  });

  it('the confirmation names the card as the shop does', async () => {
    expect((await orderConfirmationEmail(order, shop)).text).toContain(
      'Paid with Visa ending in 4242.',
    );
  });
});

describe('order cancelled email', () => {
  it('says what was cancelled, what was refunded to which card, and links to the account', async () => {
    const mail = await orderCancelledEmail(order, 9428, shop);
    expect(mail.subject).toBe(`${shop.name} order SW-1001 cancelled and refunded`);
    expect(mail.text).toContain('Your order SW-1001 has been cancelled, as you asked.');
    expect(mail.text).toContain('2 × Alaska sun shirt');
    expect(mail.text).toContain('We have refunded $94.28 to your Visa card ending in 4242.');
    expect(mail.text).toContain(
      'Depending on your bank, it shows on your card within 5 to 10 business days.',
    );
    expect(mail.text).toContain(
      'Your orders are in your account <https://shop.example.com/account>.',
    );
    expect(mail.html).toContain('Your Order Has Been Cancelled');
    expect(mail.html).toContain('href="https://shop.example.com/account"');
  });

  it('an order nobody paid for: cancelled, with nothing to refund', async () => {
    const mail = await orderCancelledEmail(
      { ...order, billing: { ...order.billing, card: { brand: null, last4: null } } },
      0,
      shop,
    );
    expect(mail.subject).toBe(`${shop.name} order SW-1001 cancelled`);
    expect(mail.text).toContain('There is no card payment left to refund on this order.');
    expect(mail.text).not.toContain('refunded');
  });
});
