/**
 * The payments' door (decision 032): the provider's interface (wired in plugins/providers.ts, so
 * features take it as a decorator and import only its types), the statuses a checkout may confirm, and
 * the return URLs a checkout may send the shopper back to. Anything not exported here is the payments
 * feature's own (eslint.config.js).
 */
export {
  CONFIRMABLE_STATUSES,
  type PaymentIntentView,
  type PaymentProvider,
  type PaymentRecord,
  type ProviderResult,
  type RefundView,
  type WebhookEvent,
} from './payment-provider.ts';
export { returnUrlAllowed, returnUrlFor } from './return-url.ts';
