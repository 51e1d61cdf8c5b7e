/**
 * Background jobs in the console (issue 25, docs/decisions/029), under /api/admin:
 * - GET /jobs?limit: every kind of job with its queued, running and failed counts, and the failed jobs
 *   newest first with their error and what they were for;
 * - POST /jobs/{id}/retry: a failed job gets one more attempt, due now.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FAILED_JOBS_MAX,
  JobsOverviewSchema,
  RetryJobAnswerSchema,
} from '@sunward/core/console-jobs';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { OPERATOR_STATUS, operatorOf } from '../operators/operators.api.ts';
import { jobsOverview, retryJob, type RetryFailure } from './admin-jobs.service.ts';
import { wholeNumberParam } from '@sunward/core/query-numbers';

const RETRY_STATUS: StatusTable<RetryFailure> = { not_found: 404 };

const ListQuery = z.object({
  limit: wholeNumberParam(1, FAILED_JOBS_MAX, 50),
});
const IdParams = z.object({ id: z.string().min(1).max(100) });
const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };

export const adminJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, jobs } = app;

  app.get(
    '/jobs',
    {
      schema: {
        ...secured,
        summary: 'Background jobs: each kind with its counts, and the failed ones newest first',
        description:
          'A job is kept as failed once it has used all its attempts, with its last error. ' +
          '`about` says what it was for (an email: its subject and masked recipient), `target` ' +
          'where the console shows that thing. `limit` caps the failed jobs listed; the kinds ' +
          'count them all.',
        querystring: ListQuery,
        response: { 200: JobsOverviewSchema, ...errorResponses(OPERATOR_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return jobsOverview(db, jobs, request.query.limit);
    },
  );

  app.post(
    '/jobs/:id/retry',
    {
      schema: {
        ...secured,
        summary: 'Retry a failed job: one more attempt, due now',
        description:
          'The job leaves the failed list and runs again; if that run fails too it is kept as ' +
          'failed again. 404 `not_found` when no failed job has this id (retried already, or none).',
        params: IdParams,
        response: {
          200: RetryJobAnswerSchema,
          ...errorResponses(OPERATOR_STATUS, RETRY_STATUS),
        },
      },
    },
    async (request) => {
      const result = await retryJob(db, jobs, operatorOf(request), request.params.id);
      if (!result.ok) throw failureToHttp(result, RETRY_STATUS);
      return result.value;
    },
  );
};
