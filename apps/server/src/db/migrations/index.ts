import type { Migration, MigrationProvider } from 'kysely';
import { initial } from './001-initial.ts';
import { checkoutPayments } from './002-checkout-payments.ts';
import { stockReservations } from './003-stock-reservations.ts';
import { appSecrets } from './004-app-secrets.ts';
import { ordersChange } from './005-orders-change.ts';
import { identity } from './006-identity.ts';
import { customersIdentity } from './007-customers-identity.ts';
import { carts } from './008-carts.ts';
import { customerOrdersIndex } from './009-customer-orders-index.ts';
import { returns } from './010-returns.ts';
import { labelsSupport } from './011-labels-support.ts';
import { operators } from './012-operators.ts';
import { consoleOrders } from './013-console-orders.ts';
import { consoleReturns } from './014-console-returns.ts';
import { consoleCatalog } from './015-console-catalog.ts';
import { consoleInbox } from './016-console-inbox.ts';
import { productFacts } from './017-product-facts.ts';
import { accountSessions } from './018-account-sessions.ts';
import { jobs } from './019-jobs.ts';
import { cartSettledOrders } from './020-cart-settled-orders.ts';
import { orderRefundClaims } from './021-order-refund-claims.ts';
import { ordersStatusTotals } from './022-orders-status-totals.ts';
import { stockHoldFunction } from './023-stock-hold-function.ts';
import { salesTaxParts } from './027-sales-tax-parts.ts';
import { outboundLabels } from './029-outbound-labels.ts';
import { trackingEvents } from './030-tracking-events.ts';
import { discountCodes } from './032-discount-codes.ts';
import { reconciliation } from './031-reconciliation.ts';
import { backInStockSizeGuide } from './036-back-in-stock-size-guide.ts';
import { bagReminders } from './034-bag-reminders.ts';
import { reviews } from './035-reviews.ts';
import { taxTransactions } from './037-tax-transactions.ts';
import { guestCustomers } from './038-guest-customers.ts';
import { paymentPage } from './039-payment-page.ts';
import { reviewsConsoleOrder } from './040-reviews-console-order.ts';

/** Migrations are listed in code (not read from a folder) so a bundled server carries them. */
export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-checkout-payments': checkoutPayments,
  '003-stock-reservations': stockReservations,
  '004-app-secrets': appSecrets,
  '005-orders-change': ordersChange,
  '006-identity': identity,
  '007-customers-identity': customersIdentity,
  '008-carts': carts,
  '009-customer-orders-index': customerOrdersIndex,
  '010-returns': returns,
  '011-labels-support': labelsSupport,
  '012-operators': operators,
  '013-console-orders': consoleOrders,
  '014-console-returns': consoleReturns,
  '015-console-catalog': consoleCatalog,
  '016-console-inbox': consoleInbox,
  '017-product-facts': productFacts,
  '018-account-sessions': accountSessions,
  '019-jobs': jobs,
  '020-cart-settled-orders': cartSettledOrders,
  '021-order-refund-claims': orderRefundClaims,
  '022-orders-status-totals': ordersStatusTotals,
  '023-stock-hold-function': stockHoldFunction,
  '027-sales-tax-parts': salesTaxParts,
  '029-outbound-labels': outboundLabels,
  '030-tracking-events': trackingEvents,
  '031-reconciliation': reconciliation,
  '032-discount-codes': discountCodes,
  '034-bag-reminders': bagReminders,
  '035-reviews': reviews,
  '036-back-in-stock-size-guide': backInStockSizeGuide,
  '037-tax-transactions': taxTransactions,
  '038-guest-customers': guestCustomers,
  '039-payment-page': paymentPage,
  '040-reviews-console-order': reviewsConsoleOrder,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
