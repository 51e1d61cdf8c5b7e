/**
 * The email feature's door (decision 032): the outbox (queue an email in the caller's transaction), the
 * template system every feature's templates share (decision 043), the templates other features send,
 * one-time links hidden wherever an operator reads an email (issue 23), and what a failed delivery job
 * was for (the console's jobs screen). Anything not exported here is the email feature's own
 * (eslint.config.js).
 */
export { queueEmail } from './email.service.ts';
export {
  AmountLines,
  ButtonLink,
  COLORS,
  EmailHeading,
  EmailLayout,
  EmailLink,
  Lines,
  Paragraph,
  renderEmail,
  Subheading,
  type EmailMessage,
  type ShopIdentity,
} from './email-kit.tsx';
export { hideOneTimeLinks } from './one-time-links.ts';
export { aboutDeliveryJob } from './email-jobs.console.ts';
export { orderCancelledEmail } from './order-cancelled.template.tsx';
export { orderConfirmationEmail } from './order-confirmation.template.tsx';
export { orderShippedEmail } from './order-shipped.template.tsx';
export { paymentRefundedEmail } from './payment-refunded.template.tsx';
export { returnRequestedEmail } from './return-requested.template.tsx';
