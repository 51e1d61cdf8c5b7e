/**
 * The customers' door (issue 12; decision 032): the token's user and the customer it speaks for, found
 * (or made) by the linking rule. The features that serve a signed-in caller's own things (cart,
 * checkout, orders, returns, support) and the access tokens' checker use it. The export and erasure of
 * everything kept under a proven email, and the guest buyer with an email, for the console's data
 * requests (decision 053). Anything not exported here is the customers feature's own
 * (eslint.config.js).
 */
export type { AuthUser } from './auth-user.ts';
export {
  isOwnUserId,
  resolveCustomer,
  type CustomerOptions,
  type ResolvedCustomer,
} from './customers.service.ts';
export { guestByEmail } from './admin-customers.repository.ts';
export { eraseByEmail, type EraseByEmailFailure } from './customer-erasure.service.ts';
export { exportByEmail } from './customer-export.service.ts';
