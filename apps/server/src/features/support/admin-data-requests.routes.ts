/**
 * Privacy data requests in the console (issue 15, item 6), under /api/admin:
 * - GET /data-requests?status&after&limit: open ones by deadline (days left on the shop's calendar),
 *   or completed ones, keyset-paged;
 * - GET /data-requests/{id}: one request and the customers it may be about;
 * - PATCH /data-requests/{id} { status: completed, note } | { status: open };
 * - GET /data-requests/{id}/export, POST /data-requests/{id}/erase { confirmEmail }: everything kept
 *   under the request's email, once the requester proved it (decision 053).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DATA_REQUEST_STATUSES,
  DataRequestDetailSchema,
  DataRequestListSchema,
  DataRequestUpdateSchema,
} from '@sunward/core/console-inbox';
import {
  EraseCustomerAnswerSchema,
  EraseCustomerBodySchema,
} from '@sunward/core/console-customers';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { CursorParamSchema } from '../../lib/keyset.ts';
import { sendJsonFile } from '../../lib/json-file.ts';
import { OPERATOR_STATUS, operatorOf } from '../operators/operators.api.ts';
import {
  dataRequestDetail,
  listDataRequests,
  updateDataRequest,
} from './admin-data-requests.service.ts';
import {
  eraseDataRequest,
  exportDataRequest,
  type EraseFailure,
  type ExportFailure,
} from './data-request-erasure.service.ts';
import { wholeNumberParam } from '@sunward/core/query-numbers';

const NOT_FOUND = { not_found: 404 };
const EXPORT_STATUS: StatusTable<ExportFailure> = { not_found: 404, not_proven: 409, erased: 409 };
const ERASE_STATUS: StatusTable<EraseFailure> = {
  not_found: 404,
  not_proven: 409,
  confirm_mismatch: 422,
  has_account: 409,
  open_orders: 409,
};
const ListQuery = z.object({
  status: z.enum(DATA_REQUEST_STATUSES).default('open'),
  after: CursorParamSchema.optional(),
  limit: wholeNumberParam(1, 100, 50),
});
const IdParams = z.object({ id: z.string().min(1).max(100) });
const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };

export const adminDataRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, personalData } = app;

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

  app.get(
    '/data-requests/:id/export',
    {
      schema: {
        ...secured,
        summary: "Everything kept under a proven request's email, as a JSON file (right to know)",
        description:
          'A download (`Content-Disposition: attachment`), as the customer export: guest orders ' +
          'with items, history, refunds and returns, checkouts, support messages and replies, data ' +
          'requests, marketing consents and every email sent to the address. 409 `not_proven` ' +
          'until the requester opened the emailed link; `erased` once erased. Recorded as an ' +
          'operator action.',
        params: IdParams,
        response: {
          200: z.looseObject({ format: z.string(), version: z.number() }).describe('The document'),
          ...errorResponses(OPERATOR_STATUS, EXPORT_STATUS),
        },
      },
    },
    async (request, reply) => {
      const result = await exportDataRequest(
        db,
        personalData,
        operatorOf(request),
        request.params.id,
        { siteUrl: app.config.siteUrl },
      );
      if (!result.ok) throw failureToHttp(result, EXPORT_STATUS);
      return sendJsonFile(reply, result.value);
    },
  );

  app.post(
    '/data-requests/:id/erase',
    {
      schema: {
        ...secured,
        summary:
          "Erase everything kept under a proven request's email, keeping the financial records",
        description:
          "`confirmEmail`: the request's email, typed by the operator (any case). As the customer " +
          'erasure: names, emails, phones and street addresses go from the guest orders (kept under ' +
          'an erased placeholder, `customerId`), checkouts, support messages, data requests (this ' +
          'one too) and emails. Erasing again answers `alreadyErased: true` and changes nothing. ' +
          '409 `not_proven` until the requester opened the emailed link, `has_account` when a ' +
          "customer account uses the email (erase it from the customer's page), `open_orders` " +
          'while an order has not shipped; 422 `confirm_mismatch`.',
        params: IdParams,
        body: EraseCustomerBodySchema,
        response: {
          200: EraseCustomerAnswerSchema,
          ...errorResponses(OPERATOR_STATUS, ERASE_STATUS),
        },
      },
    },
    async (request) => {
      const result = await eraseDataRequest(
        db,
        personalData,
        operatorOf(request),
        request.params.id,
        request.body.confirmEmail,
      );
      if (!result.ok) throw failureToHttp(result, ERASE_STATUS);
      return result.value;
    },
  );
};
