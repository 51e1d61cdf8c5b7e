/**
 * The email feature's door (decision 032): the outbox (queue an email in the caller's transaction), the
 * layout every feature's templates share, the templates other features send, one-time links hidden
 * wherever an operator reads an email (issue 23), and what a failed delivery job was for (the console's
 * jobs screen). Anything not exported here is the email feature's own (eslint.config.js).
 */
export { queueEmail } from './email.service.ts';
export {
  COLORS,
  emailLayout,
  heading,
  link,
  paragraph,
  type ShopIdentity,
} from './email-layout.ts';
export { hideOneTimeLinks } from './one-time-links.ts';
export { aboutDeliveryJob } from './email-jobs.console.ts';
export { orderCancelledEmail } from './order-cancelled.template.ts';
export { orderConfirmationEmail } from './order-confirmation.template.ts';
export { orderShippedEmail } from './order-shipped.template.ts';
export { paymentRefundedEmail } from './payment-refunded.template.ts';
export { returnRequestedEmail } from './return-requested.template.ts';
