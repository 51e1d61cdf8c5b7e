import { DATA_REQUEST_DAYS } from '@sunward/core/support';
import { paths } from '@/shared/paths.ts';
import type { PolicySection } from './policy-document.tsx';

export const PRIVACY_INTRO = [
  'This policy explains what personal information {shop} collects when you visit our shop or buy from us, how we use it, and the choices you have. We keep it short and plain on purpose.',
];

export const PRIVACY_SECTIONS: readonly PolicySection[] = [
  {
    title: 'Information we collect',
    body: [
      [
        'Order details: your name, email, phone number, shipping and billing addresses, and what you bought.',
        'Account details: if you create an account, your name, email and whether your email is verified. Sign-in is handled by our identity provider; we never see your password.',
        'Payment details: your card is entered in our payment provider’s secure form. We receive only the card brand and last 4 digits, never the full number.',
        'Messages: what you send us through the support and data request forms.',
        'Technical data: basic information your browser sends (such as pages visited and error reports) so we can keep the shop working.',
      ],
    ],
  },
  {
    title: 'How we use it',
    body: [
      [
        'To take, ship and track your orders, and to handle returns and exchanges.',
        'To verify your shipping address and calculate shipping and sales tax.',
        'To answer your questions and send messages about your orders.',
        'To protect the shop and our customers from fraud and abuse.',
      ],
      'We do not sell your personal information, and we do not send marketing email unless you ask for it.',
    ],
  },
  {
    title: 'Who we share it with',
    body: [
      'We share only what each service needs to do its job: our payment provider (to charge your card), the postal service (to verify addresses and deliver parcels), our identity provider (to sign you in) and our email provider (to send order messages). We may also share information when the law requires it.',
    ],
  },
  {
    title: 'Cookies and local storage',
    body: [
      'We use your browser’s local storage to remember your shopping bag, and session storage to keep you signed in. We do not use advertising cookies or third-party trackers.',
    ],
  },
  {
    title: 'How long we keep it',
    body: [
      'We keep order records for as long as we need them for accounting, tax and warranty purposes, usually seven years. Support messages are kept for up to two years.',
    ],
  },
  {
    title: 'Your choices and rights',
    body: [
      // The deadline the console counts down and the confirmation email gives (core/support.ts).
      `You can ask us for a copy of your personal information, ask us to correct it, or ask us to delete it, subject to the records the law requires us to keep. Send a privacy data request from our Data Request page or email {email}. We answer within ${DATA_REQUEST_DAYS} days of receiving it, as California law provides; the email confirming your request gives the date.`,
      'California residents have the right to know, delete and correct their personal information and to not be discriminated against for using these rights. We do not sell or share personal information for targeted advertising.',
    ],
    link: { label: 'Make a privacy data request', to: paths.dataRequest.href() },
  },
  {
    title: 'Security',
    body: [
      'We protect your information with encryption in transit, restricted access and careful handling. No system is perfectly secure, so please tell us at {email} if you notice anything unusual.',
    ],
  },
  {
    title: 'Children',
    body: [
      'Our shop is for adults. You must be 18 or older to buy from us, and we do not knowingly collect information from children under 13.',
    ],
  },
  {
    title: 'Changes to this policy',
    body: [
      'If we change this policy, we will post the new version here and update the date at the top.',
    ],
  },
];
