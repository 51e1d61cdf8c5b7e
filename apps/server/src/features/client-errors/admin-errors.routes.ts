/**
 * The storefront's error reports in the console (issue 15, item 7), under /api/admin:
 * - GET /errors?days&after&limit: the groups (type + message + first stack frame), newest first;
 * - GET /errors/{fingerprint}?days&after&limit: one group and its reports, newest first.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorGroupReportsSchema, ErrorGroupsSchema } from '@sunward/core/console-errors';
import { errorResponses, failureToHttp } from '../../lib/http-errors.ts';
import { CursorParamSchema } from '../../lib/keyset.ts';
import { OPERATOR_STATUS } from '../operators/operators.api.ts';
import { errorGroupReports, listErrorGroups } from './admin-errors.service.ts';
import { wholeNumberParam } from '@sunward/core/query-numbers';

const NOT_FOUND = { not_found: 404 };
const PeriodQuery = z.object({
  days: wholeNumberParam(1, 365, 7),
  after: CursorParamSchema.optional(),
  limit: wholeNumberParam(1, 100, 50),
});
const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };

export const adminErrorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/errors',
    {
      schema: {
        ...secured,
        summary: "The storefront's error reports, grouped, newest group first",
        description:
          'Reports sent to /api/log-error in the last `days` days (default 7), grouped by type, ' +
          "message and the stack's first frame: each group with its count in the period, first and " +
          'last seen, and its latest report as a sample (URL, browser, request id). Reports are not ' +
          'linked to customers.',
        querystring: PeriodQuery,
        response: { 200: ErrorGroupsSchema, ...errorResponses(OPERATOR_STATUS) },
      },
    },
    async (request) => listErrorGroups(db, request.query),
  );

  app.get(
    '/errors/:fingerprint',
    {
      schema: {
        ...secured,
        summary: "One group's error reports in the period, newest first",
        params: z.object({ fingerprint: z.string().min(1).max(100) }),
        querystring: PeriodQuery,
        response: {
          200: ErrorGroupReportsSchema,
          ...errorResponses(OPERATOR_STATUS, NOT_FOUND),
        },
      },
    },
    async (request) => {
      const result = await errorGroupReports(db, request.params.fingerprint, request.query);
      if (!result.ok) throw failureToHttp(result, NOT_FOUND);
      return result.value;
    },
  );
};
