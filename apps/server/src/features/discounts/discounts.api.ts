/**
 * The discounts' door (decision 032): the checkout checks a code and holds a use of it before the card
 * is charged, the orders' transaction makes the use the order's (docs/decisions/042).
 */
export {
  findApplicableCode,
  holdUse,
  releaseUse,
  useForOrder,
  type AppliedCode,
  type DiscountFailure,
  type Shopper,
} from './discounts.service.ts';
