import { paths } from '@/shared/paths.ts';
import type { PolicySection } from './policy-document.tsx';

/** Terms sections 12 to 25, as listed in spec section 2, with the limits of spec section 9. */
export const TERMS_LEGAL: readonly PolicySection[] = [
  {
    title: 'Privacy Policy',
    body: [
      'Our Privacy Policy explains how we collect and use your personal information. It is part of these Terms.',
    ],
    link: { label: 'Read our Privacy Policy', to: paths.privacyPolicy.href() },
  },
  {
    title: 'Term and Termination',
    body: [
      'These Terms apply for as long as you use the shop. We may suspend or close your account if you break them. Sections that by their nature should survive (such as payment, disclaimers, liability limits and dispute resolution) stay in force after that.',
    ],
  },
  {
    title: 'Modifications',
    body: [
      'We may update these Terms or change the shop, its products and prices at any time. We post the new Terms here with a new date. Using the shop after a change means you accept the updated Terms. Orders already placed stay under the Terms in force when you placed them.',
    ],
  },
  {
    title: 'Governing Law',
    body: [
      'These Terms are governed by the laws of the State of North Carolina, without regard to its conflict-of-law rules.',
    ],
  },
  {
    title: 'Dispute Resolution',
    body: [
      'Informal negotiation: before starting arbitration, you and we agree to try to settle any dispute informally for at least 30 days, starting when one side sends the other written notice of the dispute.',
      'Binding arbitration: if we cannot settle it, the dispute will be decided by binding arbitration in Mecklenburg County, North Carolina, under the consumer arbitration rules of the American Arbitration Association. The arbitrator’s decision is final and can be entered in any court.',
      'Time limit: any dispute must be started within 1 year after it arises, or it is permanently barred.',
      'No class actions: disputes are resolved only on an individual basis. Neither you nor we may bring or take part in a class, collective or representative action.',
      'Exceptions: either side may bring an individual claim in small-claims court, or ask a court to stop infringement of intellectual property.',
    ],
  },
  {
    title: 'Corrections',
    body: [
      'The shop may contain errors in descriptions, prices or availability. We may correct them at any time, including after you have placed an order, and cancel affected orders with a full refund.',
    ],
  },
  {
    title: 'Disclaimer',
    body: [
      'The shop and its content are provided "as is" and "as available". To the fullest extent the law allows, we disclaim all warranties not stated in these Terms, including implied warranties of merchantability, fitness for a particular purpose and non-infringement. We do not promise that the shop will always be available or free of errors.',
    ],
  },
  {
    title: 'Limitations of Liability',
    body: [
      'To the fullest extent the law allows, we are not liable for indirect, incidental, special, consequential or punitive damages, or for lost profits or data. Our total liability for any claim is limited to the amounts you paid us in the 6 months before the event that gave rise to the claim.',
    ],
  },
  {
    title: 'Indemnification',
    body: [
      'You agree to defend and hold {shop} harmless from claims, losses and costs (including reasonable legal fees) that arise from your breaking these Terms or misusing the shop.',
    ],
  },
  {
    title: 'User Data',
    body: [
      'We keep the data you send us to run the shop, such as orders and messages. Although we back it up, you are responsible for keeping your own copy of anything important you send us.',
    ],
  },
  {
    title: 'Electronic Communications',
    body: [
      'Using the shop, placing orders and emailing us are electronic communications. You agree to receive our messages electronically, and you agree that agreements, notices and other messages we send electronically satisfy any legal need for them to be in writing.',
    ],
  },
  {
    title: 'California Residents',
    body: [
      'If a complaint with us is not resolved to your satisfaction, you may contact the Complaint Assistance Unit of the Division of Consumer Services of the California Department of Consumer Affairs in writing at 1625 North Market Blvd., Suite N 112, Sacramento, California 95834, or by phone at (800) 952-5210 or (916) 445-1254.',
    ],
  },
  {
    title: 'Miscellaneous',
    body: [
      'These Terms, with our Privacy Policy and Return Policy, are the whole agreement between you and us about the shop. If any part is found unenforceable, the rest stays in effect. If we do not enforce a right, we have not waived it. You may not transfer your rights under these Terms; we may transfer ours. Nothing in these Terms creates a partnership or employment relationship.',
    ],
  },
  {
    title: 'Contact Us',
    body: [
      'Questions about these Terms, or a notice of dispute, can be sent to {shop} by email at {email}.',
    ],
  },
];
