/**
 * The orders' door (decision 032): what other features may use of an order's life (the console's work
 * on orders, features/console-orders; the cart, which takes what a placed order bought out of the bag;
 * returns, which record their status changes, replacement orders and refunds here). Functions that
 * write take the caller's database or transaction first. Anything not exported here is the orders
 * feature's own (eslint.config.js).
 */
export {
  findCustomerOrder,
  findOrder,
  findOrderByNumber,
  listItems,
  listRefunds,
  lockOrder,
  transitionOrder,
  type OrderPosition,
  type OrderTransition,
} from './orders.repository.ts';
export { createReplacementOrder, noteOrderEvent, type ReplacementLine } from './order-returns.ts';
export { returnRecordsOfOrders } from './order-return-records.ts';
export {
  recordDelivery,
  shippedParcels,
  type Delivery,
  type ShippedParcel,
} from './order-delivery.ts';
export * from './orders.events.ts';
export type { NewOrder, OrderRefundRow, OrderRow } from './orders.table.ts';
export { listTakenScopes } from './orders.repository.ts';
export { aboutSettleRefundJob, aboutTaxReversalJob } from './order-refunds.console.ts';
export type { OrderDeps } from './orders.service.ts';
export { orderDeps } from './orders.routes.ts';
export { orderView } from './order-views.ts';
export { decodeCursor, encodeCursor } from './customer-orders.service.ts';
export { changeOrderStatus, operatorTargets } from './order-status.service.ts';
export {
  PROVIDER_UNAVAILABLE,
  RefundCompletions,
  refundOrder,
  refundUnderWay,
  type RefundCompletion,
  type RefundDeps,
  type RefundFailure,
} from './order-refunds.service.ts';
export { parseScope, refundedByItems, type RefundScope } from './refund-scope.ts';
export {
  findPlacedOrder,
  listPlacedOrderIds,
  type PlacedOrder,
} from './placed-orders.repository.ts';
export {
  ordersOfPayments,
  paidOrdersPlacedBetween,
  recoverPaidPayment,
  type PaymentOrder,
} from './order-reconciliation.ts';
export { shipWithLabel, unshipOrder, type LabelShipment } from './order-label-shipping.ts';
export { trackingEventsOf } from './order-tracking-events.ts';
