/**
 * The operator console's API (issue 15), under /api/admin: the operator check for this whole context,
 * then each feature's console routes. Composed here, in the app shell, rather than in features/admin,
 * so that no feature imports another's route plugins (decision 032): features are combined by the
 * app, not by each other. Every route registered here runs `requireOperator` first (an onRequest
 * hook): 401 without a valid bearer token, 403 for a customer without the admin role; the
 * authorization matrix test (features/admin/admin-authorization.test.ts) walks every route to prove it.
 */
import { adminBackInStockRoutes } from '../features/marketing/back-in-stock.routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoutes } from '../features/admin/admin.routes.ts';
import { dashboardRoutes } from '../features/admin/dashboard.routes.ts';
import { adminCatalogRoutes } from '../features/catalog/admin-catalog.routes.ts';
import { adminErrorsRoutes } from '../features/client-errors/admin-errors.routes.ts';
import { adminJobsRoutes } from '../features/console-jobs/admin-jobs.routes.ts';
import { adminOrdersRoutes } from '../features/console-orders/admin-orders.routes.ts';
import { adminDiscountsRoutes } from '../features/discounts/admin-discounts.routes.ts';
import { adminCustomersRoutes } from '../features/customers/admin-customers.routes.ts';
import { adminEmailsRoutes } from '../features/email/admin-emails.routes.ts';
import { adminReturnLabelRoutes } from '../features/labels/admin-return-labels.routes.ts';
import { adminOutboundLabelRoutes } from '../features/labels/admin-outbound-labels.routes.ts';
import { adminPaymentPageRoutes } from '../features/payment-page/admin-payment-page.routes.ts';
import { adminReconciliationRoutes } from '../features/reconciliation/admin-reconciliation.routes.ts';
import { adminReturnsRoutes } from '../features/returns/admin-returns.routes.ts';
import { adminSettingsRoutes } from '../features/settings/admin-settings.routes.ts';
import { adminDataRequestsRoutes } from '../features/support/admin-data-requests.routes.ts';
import { adminSupportRoutes } from '../features/support/admin-support.routes.ts';
import { adminReviewsRoutes } from '../features/reviews/admin-reviews.routes.ts';
import { operatorsPersonalData } from '../features/operators/operators-personal-data.ts';

/** Mounted at /api/admin by app.ts. */
export const adminConsole: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireOperator);
  // The operators' record, scrubbed of an erased person (lib/personal-data.ts): the console's own.
  app.personalData.register(operatorsPersonalData);
  await app.register(adminRoutes);
  await app.register(adminOrdersRoutes);
  await app.register(adminCatalogRoutes);
  await app.register(adminBackInStockRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminReturnsRoutes);
  await app.register(adminReturnLabelRoutes);
  await app.register(adminOutboundLabelRoutes);
  await app.register(dashboardRoutes);
  await app.register(adminSupportRoutes);
  await app.register(adminDataRequestsRoutes);
  await app.register(adminCustomersRoutes);
  await app.register(adminEmailsRoutes);
  await app.register(adminErrorsRoutes);
  await app.register(adminJobsRoutes);
  await app.register(adminReconciliationRoutes);
  await app.register(adminPaymentPageRoutes);
  await app.register(adminDiscountsRoutes);
  await app.register(adminReviewsRoutes);
};
