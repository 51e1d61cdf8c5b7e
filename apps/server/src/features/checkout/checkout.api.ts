/**
 * The checkout's door (decision 032): the orders feature turns a paid checkout into an order, and
 * refunds and closes one that cannot become an order, through these, in its own transaction. Anything
 * not exported here is the checkout's own (eslint.config.js).
 */
export {
  closeCheckoutForRefund,
  findCheckoutForIntent,
  markCheckoutRefunded,
  takeCheckoutForOrder,
  type CheckoutRow,
} from './checkout.service.ts';
export {
  checkoutLines,
  lastReminderTo,
  markReminded,
  reminderCandidates,
  type ReminderCheckout,
} from './checkout.repository.ts';
