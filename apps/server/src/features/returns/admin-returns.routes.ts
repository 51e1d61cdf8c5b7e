/**
 * The console's returns (issue 15), under /api/admin (the operator check runs for every route there:
 * 401 without a valid bearer token, 403 for a customer). The rules are in the services; a route
 * validates, calls and maps the failure codes to statuses.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CloseReturnBodySchema,
  ReceiveReturnBodySchema,
  RefundReturnBodySchema,
  ReturnDetailSchema,
  ReturnIdSchema,
  ReturnQueueQuerySchema,
  ReturnQueueSchema,
} from '@sunward/core/console-returns-schemas';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { OPERATOR_STATUS, operatorOf } from '../operators/operators.api.ts';
import {
  refundReturn,
  registerReturnRefund,
  type ReturnRefundFailure,
} from './admin-return-refund.service.ts';
import { orderDeps } from '../orders/orders.api.ts';
import {
  closeReturn,
  receiveReturn,
  returnDetail,
  returnQueue,
  type AdminReturnFailure,
} from './admin-returns.service.ts';

const RETURN_STATUS: StatusTable<AdminReturnFailure> = {
  not_found: 404,
  invalid_units: 422,
  reason_required: 422,
  not_closable: 409,
  refund_under_way: 409,
};

const REFUND_STATUS: StatusTable<ReturnRefundFailure> = {
  not_found: 404,
  not_refundable: 409,
  already_refunded: 409,
  not_received: 409,
  not_paid: 409,
  invalid_amount: 422,
  exceeds_paid: 422,
  refund_failed: 502,
};

const Params = z.object({ publicId: ReturnIdSchema });
const NOT_FOUND = { not_found: 404 };

const RECEIVE = [
  'Every unit sent back (Refund or Exchange) is listed once with `restock`: true puts its size back in ' +
    'stock (the size as ordered), false does not (damaged). The return moves requested -> received; ' +
    'nothing is refunded. A receipt already recorded is not made again: the answer is the return as ' +
    'it is (200), whatever the body.',
  '422 `invalid_units`: a unit not sent back on this return, listed twice, or one missing.',
].join('\n\n');

const REFUND = [
  'Refunds the return through the payment provider: `amount` (cents) defaults to the return’s ' +
    '`refundAmount` and may be less (a damaged shirt), never more, nor more than is left on the order ' +
    '(422 `invalid_amount`, `exceeds_paid`). The return must be received (409 `not_received`) unless ' +
    '`withoutReceipt` is true. The return becomes `refunded`, the customer is emailed, and the order ' +
    'moves return -> refund when this was its last open return (it stays in return while another ' +
    'return of it is open).',
  'One refund per return: the same `idempotencyKey` answers the same return (200); another request ' +
    'once it is refunded gets 409 `already_refunded`; concurrent requests make one provider refund. ' +
    '409 `not_refundable`: closed, or nothing to refund (close it). 502 `refund_failed`: the provider ' +
    'refused; nothing changed.',
].join('\n\n');

const CLOSE =
  'Closes the return with nothing refunded (exchanges only, or the parcel never came). A return that ' +
  'had money to refund needs `reason` (422 `reason_required`). The order moves return -> completed ' +
  '(-> refund if another of its returns was refunded) when this was its last open return. Closing a ' +
  'closed return answers it as it is; a refunded one is 409 `not_closable`, one being refunded 409 ' +
  '`refund_under_way`.';

export const adminReturnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // What commits with a return's refund, whoever records it (the request or the refund's job).
  registerReturnRefund(app.refundCompletions, () => app.config.siteUrl);
  const security = [{ bearerAuth: [] }];
  const detail = { 200: ReturnDetailSchema };

  app.get(
    '/returns',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The returns queue: open returns oldest first (default), or one status / all newest first',
        security,
        querystring: ReturnQueueQuerySchema,
        response: { 200: ReturnQueueSchema, ...errorResponses(OPERATOR_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return returnQueue(db, request.query);
    },
  );

  app.get(
    '/returns/:publicId',
    {
      schema: {
        tags: ['admin'],
        summary: 'One return: units, figures, label, refund, replacement order, timeline, actions',
        security,
        params: Params,
        response: { ...detail, ...errorResponses(NOT_FOUND, OPERATOR_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await returnDetail(db, request.params.publicId);
      if (!result.ok) throw failureToHttp(result, NOT_FOUND);
      return result.value;
    },
  );

  app.post(
    '/returns/:publicId/receive',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark the return’s parcel received, restocking each unit or not (no refund)',
        description: RECEIVE,
        security,
        params: Params,
        body: ReceiveReturnBodySchema,
        response: { ...detail, ...errorResponses(RETURN_STATUS, OPERATOR_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await receiveReturn(
        db,
        operatorOf(request),
        request.params.publicId,
        request.body,
      );
      if (!result.ok) throw failureToHttp(result, RETURN_STATUS);
      return result.value;
    },
  );

  app.post(
    '/returns/:publicId/refund',
    {
      config: { multiline: ['reason'] },
      schema: {
        tags: ['admin'],
        summary: 'Refund the return through the payment provider',
        description: REFUND,
        security,
        params: Params,
        body: RefundReturnBodySchema,
        response: { ...detail, ...errorResponses(REFUND_STATUS, OPERATOR_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await refundReturn(
        db,
        { ...orderDeps(app), log: request.log },
        operatorOf(request),
        request.params.publicId,
        request.body,
      );
      if (!result.ok) throw failureToHttp(result, REFUND_STATUS);
      return result.value;
    },
  );

  app.post(
    '/returns/:publicId/close',
    {
      config: { multiline: ['reason'] },
      schema: {
        tags: ['admin'],
        summary: 'Close the return without a refund',
        description: CLOSE,
        security,
        params: Params,
        body: CloseReturnBodySchema,
        response: { ...detail, ...errorResponses(RETURN_STATUS, OPERATOR_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await closeReturn(
        db,
        operatorOf(request),
        request.params.publicId,
        request.body,
      );
      if (!result.ok) throw failureToHttp(result, RETURN_STATUS);
      return result.value;
    },
  );
};
