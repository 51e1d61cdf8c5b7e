import { paths } from '@/shared/paths.ts';

/** The console's sections, in the order operators reach for them; Home only on its own path. */
export const CONSOLE_LINKS: ReadonlyArray<{ to: string; label: string; end?: boolean }> = [
  { to: paths.console.href(), label: 'Home', end: true },
  { to: paths.consoleOrders.href(), label: 'Orders' },
  { to: paths.consoleReturns.href(), label: 'Returns' },
  { to: paths.consoleCatalog.href(), label: 'Catalogue' },
  { to: paths.consoleDiscounts.href(), label: 'Discounts' },
  { to: paths.consoleReviews.href(), label: 'Reviews' },
  { to: paths.consoleSettings.href(), label: 'Settings' },
  { to: paths.consoleInbox.href(), label: 'Inbox' },
  { to: paths.consoleCustomers.href(), label: 'Customers' },
  { to: paths.consoleOutbox.href(), label: 'Outbox' },
  { to: paths.consoleErrors.href(), label: 'Errors' },
  { to: paths.consoleJobs.href(), label: 'Jobs' },
  { to: paths.consoleReconciliation.href(), label: 'Reconciliation' },
  { to: paths.consolePaymentPage.href(), label: 'Payment page' },
  { to: paths.consoleCspReports.href(), label: 'CSP reports' },
  { to: paths.consoleActivity.href(), label: 'Activity' },
];
