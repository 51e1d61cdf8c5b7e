/**
 * The console's orders (issue 15), under /api/admin (plugins/admin-console.ts runs the operator
 * check first):
 * - GET  /orders?status&payment&from&to&q&cursor&limit   the list, newest first, a page at a time
 * - GET  /orders.csv?status&payment&from&to&q             the same list as CSV, streamed
 * - POST /orders/ship                                      bulk mark-shipped, answered per order
 * - GET  /orders/{orderNumber}                             one order with everything to act on it
 * - GET  /orders/{orderNumber}/packing-slip                what the packing slip prints
 * - POST /orders/{orderNumber}/notes                       an operator's note
 * - POST /orders/{orderNumber}/refunds/quote               what a refund would come to
 * - POST /orders/{orderNumber}/refunds                     a refund by shirts and shipping, or amount
 * Status changes go through PATCH /api/orders/status (order-status.routes.ts).
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConsoleOrderDetailSchema,
  ConsoleOrderPageSchema,
  NoteAnswerSchema,
  NoteRequestSchema,
  OrderListFiltersSchema,
  OrderListQuerySchema,
  PackingSlipSchema,
  RefundAnswerSchema,
  RefundPickSchema,
  RefundQuoteSchema,
  RefundRequestSchema,
  ShipRequestSchema,
  ShipResultSchema,
} from '@sunward/core/console-orders';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { OPERATOR_STATUS, operatorOf } from '../operators/operators.api.ts';
import { type RefundFailure, orderDeps } from '../orders/orders.api.ts';
import type { ConsoleRefundFailure } from './admin-order-refunds.service.ts';
import {
  quoteRefund,
  refundFromConsole,
  registerConsoleRefund,
} from './admin-order-refunds.service.ts';
import { addOrderNote, type NoteFailure } from './admin-order-notes.service.ts';
import { shipOrders } from './admin-orders-ship.service.ts';
import {
  consoleOrderDetail,
  listConsoleOrders,
  orderFilterOf,
  ordersCsv,
  packingSlip,
  type OrderFilterFailure,
  type OrderListFailure,
} from './admin-orders.service.ts';
import { consoleOrdersPersonalData } from './console-orders-personal-data.ts';

const LIST_STATUS: StatusTable<OrderListFailure> = { invalid_cursor: 400, invalid_range: 400 };
const CSV_STATUS: StatusTable<OrderFilterFailure> = { invalid_range: 400 };
const DETAIL_STATUS = { not_found: 404 };
const NOTE_STATUS: StatusTable<NoteFailure> = { not_found: 404, key_reused: 422 };
const QUOTE_STATUS: StatusTable<RefundFailure> = {
  not_found: 404,
  invalid_amount: 422,
  exceeds_paid: 409,
  key_reused: 422,
  not_paid: 409,
  status_changed: 409,
  provider_refused: 502,
};
const REFUND_STATUS: StatusTable<ConsoleRefundFailure> = {
  not_found: 404,
  invalid_amount: 422,
  exceeds_paid: 409,
  key_reused: 422,
  not_paid: 409,
  status_changed: 409,
  refund_failed: 502,
};

const OrderParams = z.object({
  orderNumber: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9 -]+$/, 'An order number has letters, digits and dashes only.'),
});

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

/** A download's file name: the shop's calendar day, so a day's exports sort together. */
const csvName = () => `orders-${new Date().toISOString().slice(0, 10)}.csv`;

export const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // Its rows of a person, for the console's export and erasure (lib/personal-data.ts).
  app.personalData.register(consoleOrdersPersonalData);
  // What commits with a console refund, whoever records it (the request or the refund's job).
  registerConsoleRefund(app.refundCompletions, () => app.config.siteUrl);

  app.get(
    '/orders',
    {
      schema: {
        tags,
        security,
        summary: 'Orders, newest first, filtered and searched, a page at a time',
        description:
          'Filters (all optional, combined): `status` (the order status), `payment` (paid, ' +
          'partly-refunded, refunded, no-charge: an order nobody paid for, an exchange), `from` and ' +
          '`to` (the shop’s calendar days, both included), `q` (the start of an order number, an ' +
          'email, or a shipping or billing name or its surname; any case). Newest first by creation ' +
          'time, then id; `limit` per page (1 to 200, default 50); `nextCursor` is null on the last ' +
          'page, otherwise pass it back as `cursor`. Orders placed while paging never repeat or skip ' +
          'a row. Each row has the payment status, the fulfilment status and the latest return’s ' +
          'status. Amounts in cents.',
        querystring: OrderListQuerySchema,
        response: {
          200: ConsoleOrderPageSchema,
          ...errorResponses(LIST_STATUS, OPERATOR_STATUS),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await listConsoleOrders(db, request.query);
      if (!result.ok) throw failureToHttp(result, LIST_STATUS);
      return result.value;
    },
  );

  app.get(
    '/orders.csv',
    {
      schema: {
        tags,
        security,
        summary: 'The filtered orders as a CSV file',
        description:
          'The same filters as GET /api/admin/orders, every matching order, newest first, streamed ' +
          '(`text/csv`, a download). Columns: order number, created (shop time), status, payment ' +
          'status, email, name, items, subtotal, shipping, tax, total, refunded (dollars), tracking, ' +
          'carrier. A cell starting with = + - @ is prefixed with an apostrophe, so a spreadsheet ' +
          'never runs it as a formula.',
        querystring: OrderListFiltersSchema,
        response: errorResponses(CSV_STATUS, OPERATOR_STATUS),
      },
    },
    async (request, reply) => {
      const filter = orderFilterOf(request.query);
      if (!filter.ok) throw failureToHttp(filter, CSV_STATUS);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${csvName()}"`)
        .type('text/csv; charset=utf-8')
        .send(Readable.from(ordersCsv(db, filter.value)));
    },
  );

  app.post(
    '/orders/ship',
    {
      schema: {
        tags,
        security,
        summary: 'Mark orders shipped, each with its carrier and tracking number',
        description:
          'Each order goes through the order machine as PATCH /api/orders/status would take it ' +
          '(a pending order: in-progress, then shipped, both recorded), the customer gets the ' +
          'tracking email, and each is answered on its own: `ok` with its status, or the code and ' +
          'message of why not. An order already shipped with the same carrier and number answers ' +
          'ok (a retried request ships nothing twice). At most 100 orders.',
        body: ShipRequestSchema,
        response: { 200: ShipResultSchema, ...errorResponses(OPERATOR_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return shipOrders(db, orderDeps(app), operatorOf(request), request.body.orders);
    },
  );

  app.get(
    '/orders/:orderNumber',
    {
      schema: {
        tags,
        security,
        summary: 'One order: items, addresses, payment and refunds, emails, events, notes, returns',
        description:
          'The Order view, its payment (intent, card, paid, refunded, left to refund, each refund ' +
          'with its reason, who and when), its lines with the units refunded by item, the emails ' +
          'sent for it, its status changes (who, and the operator’s email), the operators’ notes, ' +
          'its returns, and the statuses an operator may move it to now.',
        params: OrderParams,
        response: {
          200: ConsoleOrderDetailSchema,
          ...errorResponses(DETAIL_STATUS, OPERATOR_STATUS),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await consoleOrderDetail(db, request.params.orderNumber);
      if (!result.ok) throw failureToHttp(result, DETAIL_STATUS);
      return result.value;
    },
  );

  app.get(
    '/orders/:orderNumber/packing-slip',
    {
      schema: {
        tags,
        security,
        summary:
          "What an order's packing slip prints: the shop's name and return address, the order",
        params: OrderParams,
        response: { 200: PackingSlipSchema, ...errorResponses(DETAIL_STATUS, OPERATOR_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await packingSlip(db, request.params.orderNumber);
      if (!result.ok) throw failureToHttp(result, DETAIL_STATUS);
      return result.value;
    },
  );

  app.post(
    '/orders/:orderNumber/notes',
    {
      config: { multiline: ['body'] },
      schema: {
        tags,
        security,
        summary: "Add an operator's note to the order",
        description:
          '`body` 1 to 2000 characters. Recorded with the operator and the time, and in the ' +
          'operators’ activity. With `idempotencyKey` the same key answers the same note (200, ' +
          '`created: false`) instead of writing another; a new note is 201.',
        params: OrderParams,
        body: NoteRequestSchema,
        response: {
          200: NoteAnswerSchema,
          201: NoteAnswerSchema,
          ...errorResponses(NOTE_STATUS, OPERATOR_STATUS),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await addOrderNote(
        db,
        operatorOf(request),
        request.params.orderNumber,
        request.body,
      );
      if (!result.ok) throw failureToHttp(result, NOTE_STATUS);
      return reply.code(result.value.created ? 201 : 200).send(result.value);
    },
  );

  app.post(
    '/orders/:orderNumber/refunds/quote',
    {
      schema: {
        tags,
        security,
        summary: 'What a refund would come to (nothing is refunded)',
        description:
          'The same pick as POST …/refunds (`items` by line and quantity and/or `shipping`, or ' +
          '`amount`), answered with the amount the server would refund now, per line (price and tax ' +
          'share) and the shipping, and what is left to refund. Refusals as for the refund itself.',
        params: OrderParams,
        body: RefundPickSchema,
        response: { 200: RefundQuoteSchema, ...errorResponses(QUOTE_STATUS, OPERATOR_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await quoteRefund(db, request.params.orderNumber, request.body);
      if (!result.ok) throw failureToHttp(result, QUOTE_STATUS);
      return result.value;
    },
  );

  app.post(
    '/orders/:orderNumber/refunds',
    {
      config: { multiline: ['reason'] },
      schema: {
        tags,
        security,
        summary: 'Refund shirts and/or the shipping, or an amount, with a reason',
        description:
          '`items` ([{ line, quantity }]: each unit at its price plus its share of the sales tax, ' +
          'from the first units of the line not yet refunded by item) and/or `shipping: true`, or ' +
          '`amount` in cents; `reason` required; `idempotencyKey` made by the client once per ' +
          'refund (the same key answers the same refund with `created: false`, so a double click ' +
          'refunds once). The amount is worked out on the server under the order’s lock and is never ' +
          'more than is left (409 `exceeds_paid`). Refunded through the payment provider; if it ' +
          'refuses, 502 `refund_failed` and nothing is recorded. The customer is emailed; the ' +
          'refund is in the operators’ activity.',
        params: OrderParams,
        body: RefundRequestSchema,
        response: { 200: RefundAnswerSchema, ...errorResponses(REFUND_STATUS, OPERATOR_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await refundFromConsole(
        db,
        orderDeps(app),
        operatorOf(request),
        request.params.orderNumber,
        request.body,
      );
      if (!result.ok) throw failureToHttp(result, REFUND_STATUS);
      return result.value;
    },
  );
};
