/**
 * The payment page in the console (issue 31 item 2, decision 056), under /api/admin:
 * - GET /payment-page: the monitor's last checks and what they found, the open alerts counted;
 * - POST /payment-page/checks: "Check now", a check while the operator waits;
 * - POST /payment-page/findings/{id}/acknowledge: an open alert looked at;
 * - GET /csp-reports?after&limit: the browsers' CSP reports, last seen first.
 * The scheduled check and the reports' purge are declared here too (the job engine runs them in
 * whichever process takes them).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcknowledgeAnswerSchema,
  CspReportsPageSchema,
  PageCheckSchema,
  PaymentPageOverviewSchema,
} from '@sunward/core/console-payment-page';
import { wholeNumberParam } from '@sunward/core/query-numbers';
import { builtInventory } from '../../lib/built-scripts.ts';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { CursorParamSchema } from '../../lib/keyset.ts';
import { fail, type Failure } from '../../lib/result.ts';
import { OPERATOR_STATUS, operatorOf } from '../operators/operators.api.ts';
import { acknowledge, checkNow, cspReports, overview } from './admin-payment-page.service.ts';
import { registerCspReportsPurge } from './csp-reports-purge-job.ts';
import { registerPaymentPageCheck } from './payment-page-job.ts';
import type { CheckDeps } from './payment-page.service.ts';

const ACK_STATUS: StatusTable<Failure<'not_found'>> = { not_found: 404 };
const IdParams = z.object({ id: z.string().min(1).max(100) });
const ReportsQuery = z.object({
  after: CursorParamSchema.optional(),
  limit: wholeNumberParam(1, 100, 50),
});
const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };

export const adminPaymentPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const deps = (): CheckDeps => ({
    url: config.paymentPage.url ?? `${config.siteUrl}/checkout`,
    built: builtInventory(config.webDistDir),
    headers: app.documentHeaders,
  });
  registerPaymentPageCheck(
    app.jobs,
    db,
    deps,
    config.paymentPage.everyMs,
    () => config.processRole === 'worker' || app.server.listening,
  );
  registerCspReportsPurge(app.jobs, db);

  app.get(
    '/payment-page',
    {
      schema: {
        ...secured,
        summary: 'The payment-page monitor: its last checks and what they found, newest first',
        response: { 200: PaymentPageOverviewSchema, ...errorResponses(OPERATOR_STATUS) },
      },
    },
    async () =>
      overview(db, {
        inventory: builtInventory(config.webDistDir) !== null,
        everyMs: config.paymentPage.everyMs,
      }),
  );

  app.post(
    '/payment-page/checks',
    {
      schema: {
        ...secured,
        summary: 'Check now: /checkout against the build’s script inventory and security headers',
        description:
          'Fetches the payment page as a browser would, compares its scripts (with their ' +
          'integrity), the bytes of every script of the inventory and its security headers with ' +
          'the build and the shop’s settings, and answers the check (done, or failed with why).',
        response: { 200: PageCheckSchema, ...errorResponses(OPERATOR_STATUS) },
      },
    },
    async (request) => checkNow(db, deps(), operatorOf(request)),
  );

  app.post(
    '/payment-page/findings/:id/acknowledge',
    {
      schema: {
        ...secured,
        summary: 'Acknowledge an open payment-page alert (looked at; off the console’s home)',
        params: IdParams,
        response: { 200: AcknowledgeAnswerSchema, ...errorResponses(OPERATOR_STATUS, ACK_STATUS) },
      },
    },
    async (request) => {
      if (!(await acknowledge(db, operatorOf(request), request.params.id))) {
        throw failureToHttp(fail('not_found', 'There is no open alert with this id.'), ACK_STATUS);
      }
      return { acknowledged: true as const };
    },
  );

  app.get(
    '/csp-reports',
    {
      schema: {
        ...secured,
        summary: 'The browsers’ Content-Security-Policy reports, last seen first',
        description:
          'One row per kind of report (directive, blocked URL, page, disposition) with how often ' +
          'it came and when first and last; kept 30 days after it was last seen.',
        querystring: ReportsQuery,
        response: { 200: CspReportsPageSchema, ...errorResponses(OPERATOR_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return cspReports(db, request.query);
    },
  );
};
