/**
 * Reconciliation in the console (issue 27 item 3), under /api/admin:
 * - GET /reconciliation: the last runs and findings, the open ones counted;
 * - POST /reconciliation/runs: "Reconcile now", a run while the operator waits;
 * - POST /reconciliation/findings/{id}/close: an open finding dealt with, with a note.
 * The daily run is declared here too (the job engine runs it in whichever process takes it).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CloseFindingAnswerSchema,
  CloseFindingRequestSchema,
  ReconciliationOverviewSchema,
  ReconciliationRunSchema,
} from '@sunward/core/console-reconciliation';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { fail, type Failure } from '../../lib/result.ts';
import { OPERATOR_STATUS, operatorOf } from '../operators/operators.api.ts';
import { orderDeps } from '../orders/orders.api.ts';
import { registerReconciliation } from './reconciliation-job.ts';
import { closeOpenFinding, overview, runNow } from './admin-reconciliation.service.ts';

const CLOSE_STATUS: StatusTable<Failure<'not_found'>> = { not_found: 404 };
const IdParams = z.object({ id: z.string().min(1).max(100) });
const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };

export const adminReconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const deps = () => ({ payments: app.payments, orders: orderDeps(app) });
  registerReconciliation(app.jobs, db, deps);

  app.get(
    '/reconciliation',
    {
      schema: {
        ...secured,
        summary: 'Reconciliation: the last runs and what they found, newest first',
        response: { 200: ReconciliationOverviewSchema, ...errorResponses(OPERATOR_STATUS) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return overview(db);
    },
  );

  app.post(
    '/reconciliation/runs',
    {
      schema: {
        ...secured,
        summary:
          "Reconcile now: the processor's payments of the last three days against the orders",
        description:
          'Runs while the request waits and answers the run (done, or failed with the reason). ' +
          'A payment over an hour old with no order gets its order recorded from its checkout, or ' +
          'is refunded when it has none; amounts and refunds that differ are left open here.',
        response: { 200: ReconciliationRunSchema, ...errorResponses(OPERATOR_STATUS) },
      },
    },
    async (request) => runNow(db, deps(), operatorOf(request)),
  );

  app.post(
    '/reconciliation/findings/:id/close',
    {
      schema: {
        ...secured,
        summary: 'Close an open finding: looked at and dealt with, with a note',
        params: IdParams,
        body: CloseFindingRequestSchema,
        response: {
          200: CloseFindingAnswerSchema,
          ...errorResponses(OPERATOR_STATUS, CLOSE_STATUS),
        },
      },
    },
    async (request) => {
      const closed = await closeOpenFinding(
        db,
        operatorOf(request),
        request.params.id,
        request.body.note,
      );
      if (!closed)
        throw failureToHttp(
          fail('not_found', 'There is no open finding with this id.'),
          CLOSE_STATUS,
        );
      return { closed: true as const };
    },
  );
};
