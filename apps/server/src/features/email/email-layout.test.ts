import type { Order } from '@sunward/core/checkout-schemas';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../lib/html.ts';
import { emailLayout, paragraph, type ShopIdentity } from './email-layout.ts';
import { orderConfirmationEmail } from './order-confirmation.template.ts';
import { paymentRefundedEmail } from './payment-refunded.template.ts';

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

describe('email layout', () => {
  const mail = emailLayout(shop, {
    subject: `Hello from ${shop.name}`,
    html: paragraph(`Dear ${SCRIPT},`),
    text: `Dear ${SCRIPT},`,
  });

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
    expect(mail.text).toContain('https://shop.example.com');
  });

  it('keeps styles inline (mail clients drop <style>)', () => {
    expect(mail.html).not.toContain('<style');
    expect(mail.html).toContain('style="');
  });
});

describe.each([
  ['order confirmation', () => orderConfirmationEmail(order, shop)],
  [
    'payment refunded',
    () =>
      paymentRefundedEmail({ name: `Ann ${SCRIPT}`, amount: 9428, why: 'a size sold out.' }, shop),
  ],
])('%s email', (_name, make) => {
  it('is in the layout: the shop name in both parts, names with <script> escaped', () => {
    const mail = make();
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
