import type { PolicySection } from './policy-document.tsx';

export const TERMS_INTRO = [
  'These Terms of Use are an agreement between you and {shop} ("we", "us"). They apply when you visit our website, create an account or buy from us. Please read them: by using the shop you accept them.',
];

/** Terms sections 1 to 11: using the shop and buying from us. */
export const TERMS_GENERAL: readonly PolicySection[] = [
  {
    title: 'Agreement to These Terms',
    body: [
      'By using our website or placing an order you agree to these Terms and to our Privacy Policy. If you do not agree, please do not use the shop.',
    ],
  },
  {
    title: 'Eligibility',
    body: [
      'You must be 18 or older to use the shop, create an account or place an order. By using the shop you confirm that you are.',
    ],
  },
  {
    title: 'Our Products',
    body: [
      'Our shirts are rated UPF 50. We describe and picture them as accurately as we can (the pictures are made from each design’s print file), but colors on your screen may differ slightly from the printed shirt. A sun shirt protects only the skin it covers: please use other sun protection as needed.',
    ],
  },
  {
    title: 'Orders',
    body: [
      'Your order is an offer to buy. We accept it when we ship it. We may refuse or cancel an order, for example if an item is out of stock, if there is an error in price or description, or if we suspect fraud. If we cancel after you have paid, we refund you in full.',
      'You can cancel an order yourself while its status is pending.',
    ],
  },
  {
    title: 'Prices and Payment',
    body: [
      'Prices are in US dollars. We accept Visa, Mastercard, American Express and Discover. Sales tax is added where it applies. Payments are processed by our payment provider; we do not store your card number.',
    ],
  },
  {
    title: 'Shipping',
    body: [
      'We ship to addresses in the United States only. Shipping options and prices are shown at checkout after your address is verified. Ground shipping is free on orders that reach our free-shipping amount, shown in the shop. Delivery dates are estimates, not promises.',
    ],
  },
  {
    title: 'Returns and Exchanges',
    body: ['Returns and exchanges are covered by our Return Policy, which is part of these Terms.'],
  },
  {
    title: 'Accounts',
    body: [
      'You are responsible for keeping your sign-in details secret and for what happens under your account. Tell us right away at {email} if you think someone else has used it.',
    ],
  },
  {
    title: 'Intellectual Property',
    body: [
      'The designs, artwork, photos, text, logos and software of the shop belong to {shop} or its licensors and are protected by law. Buying a shirt gives you the shirt, not the right to copy or sell its design.',
    ],
  },
  {
    title: 'Acceptable Use',
    body: [
      'You agree not to:',
      [
        'break the law or these Terms while using the shop;',
        'buy products for resale without our written permission;',
        'interfere with the shop, try to get around its security or overload it with automated requests;',
        'use someone else’s account, card or personal information;',
        'copy, scrape or reuse the content of the shop without permission.',
      ],
    ],
  },
  {
    title: 'Feedback and Submissions',
    body: [
      'If you send us ideas, reviews or suggestions, you allow us to use them without paying you. Please do not send anything confidential.',
    ],
  },
];
