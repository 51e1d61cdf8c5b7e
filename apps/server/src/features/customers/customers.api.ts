/**
 * The customers' door (issue 12; decision 032): the token's user and the customer it speaks for, found
 * (or made) by the linking rule. The features that serve a signed-in caller's own things (cart,
 * checkout, orders, returns, support) and the access tokens' checker use it. Anything not exported
 * here is the customers feature's own (eslint.config.js).
 */
export type { AuthUser } from './auth-user.ts';
export {
  isOwnUserId,
  resolveCustomer,
  type CustomerOptions,
  type ResolvedCustomer,
} from './customers.service.ts';
