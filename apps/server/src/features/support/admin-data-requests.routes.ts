/**
 * Privacy data requests in the console (issue 15, item 6), under /api/admin:
 * - GET /data-requests?status&after&limit: open ones by deadline (days left on the shop's calendar),
 *   or completed ones, keyset-paged;
 * - GET /data-requests/{id}: one request and the customers it may be about;
 * - PATCH /data-requests/{id} { status: completed, note } | { status: open }.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DATA_REQUEST_STATUSES,
  DataRequestDetailSchema,
  DataRequestListSchema,
  DataRequestUpdateSchema,
} from '@sunward/core/console-inbox';
import { errorResponses, failureToHttp } from '../../lib/http-errors.ts';
import { CursorParamSchema } from '../../lib/keyset.ts';
import { OPERATOR_STATUS, operatorOf } from '../operators/operators.api.ts';
import {
  dataRequestDetail,
  listDataRequests,
  updateDataRequest,
} from './admin-data-requests.service.ts';
import { wholeNumberParam } from '@sunward/core/query-numbers';

const NOT_FOUND = { not_found: 404 };
const ListQuery = z.object({
  status: z.enum(DATA_REQUEST_STATUSES).default('open'),
  after: CursorParamSchema.optional(),
  limit: wholeNumberParam(1, 100, 50),
});
const IdParams = z.object({ id: z.string().min(1).max(100) });
const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };

export const adminDataRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/data-requests',
    {
      schema: {
        ...secured,
        summary: 'Privacy data requests: open ones by deadline, or completed ones',
        description:
          'Open requests soonest deadline first, each with `daysLeft` (calendar days on the ' +
          "shop's calendar to `dueBy`; negative when overdue); completed ones most recently " +
          'completed first. `next` is the `after` of the following page.',
        querystring: ListQuery,
        response: { 200: DataRequestListSchema, ...errorResponses(OPERATOR_STATUS) },
      },
    },
    async (request) => listDataRequests(db, request.query),
  );

  app.get(
    '/data-requests/:id',
    {
      schema: {
        ...secured,
        summary: 'A data request and the customers it may be about (by its sender and email)',
        params: IdParams,
        response: { 200: DataRequestDetailSchema, ...errorResponses(OPERATOR_STATUS, NOT_FOUND) },
      },
    },
    async (request) => {
      const result = await dataRequestDetail(db, request.params.id);
      if (!result.ok) throw failureToHttp(result, NOT_FOUND);
      return result.value;
    },
  );

  app.patch(
    '/data-requests/:id',
    {
      config: { multiline: ['note'] },
      schema: {
        ...secured,
        summary: 'Mark a data request completed (with a note of what was done), or open again',
        description: 'Asking for the status it has already changes nothing (the first note stays).',
        params: IdParams,
        body: DataRequestUpdateSchema,
        response: { 200: DataRequestDetailSchema, ...errorResponses(OPERATOR_STATUS, NOT_FOUND) },
      },
    },
    async (request) => {
      const result = await updateDataRequest(
        db,
        operatorOf(request),
        request.params.id,
        request.body,
      );
      if (!result.ok) throw failureToHttp(result, NOT_FOUND);
      return result.value;
    },
  );
};
