/**
 * The console's shipping labels (issue 27 item 1, decision 039), under /api/admin (the operator check
 * runs for every route there: 401 without a valid bearer token, 403 for a customer):
 * - POST /labels                 buy the labels of these orders (one or many), answered per order
 * - GET  /labels?orders=A,B      how each order's label stands (the console asks while one is bought)
 * - GET  /labels/print?orders=A,B  one PDF: each order's label, then its packing slip, in that order
 * - POST /labels/void            void an order's label
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BuyLabelsRequestSchema,
  LabelOrdersQuerySchema,
  LabelsAnswerSchema,
  OrderLabelSchema,
} from '@sunward/core/console-labels';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { OPERATOR_STATUS, operatorOf } from '../operators/operators.api.ts';
import { outboundDeps, registerOutboundLabelJobs } from './outbound-label-jobs.ts';
import { printLabels, type PrintFailure } from './outbound-labels.pdf.ts';
import { buyLabels, claimVoid, readLabels, type LabelFailure } from './outbound-labels.service.ts';

const PRINT_STATUS: StatusTable<PrintFailure> = { not_found: 404, no_label: 409 };
const VOID_STATUS: StatusTable<LabelFailure> = {
  not_found: 404,
  not_ready: 409,
  no_label: 409,
  label_scanned: 409,
  label_unconfirmed: 409,
};

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

export const adminOutboundLabelRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  registerOutboundLabelJobs(app.jobs, db, () => outboundDeps(app));

  app.post(
    '/labels',
    {
      schema: {
        tags,
        security,
        summary: 'Buy shipping labels for orders ready to ship',
        description:
          'Claims a label for each order (pending or in progress) and queues its purchase: the address ' +
          'is checked again, then the carrier asked; a bought label ships the order (tracking number, ' +
          'shipped email). Answers each order as it stands now, usually `buying`; ask `GET /labels` ' +
          'until none is. An order with a label being bought or bought is answered as it is: a double ' +
          'click or a retry never buys two. `not_ready`: the order is not ready to ship. ' +
          '`label_unconfirmed`: the carrier (USPS) did not answer the last purchase and may have made a ' +
          'label it will not answer again; buy again with `confirmNoLabel: true` once its account shows none.',
        body: BuyLabelsRequestSchema,
        response: { 200: LabelsAnswerSchema, ...errorResponses(OPERATOR_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return buyLabels(
        db,
        outboundDeps(app),
        operatorOf(request),
        request.body.orders,
        request.body.confirmNoLabel ?? false,
      );
    },
  );

  app.get(
    '/labels',
    {
      schema: {
        tags,
        security,
        summary: "How each order's shipping label stands",
        querystring: LabelOrdersQuerySchema,
        response: { 200: LabelsAnswerSchema, ...errorResponses(OPERATOR_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readLabels(db, { labels: app.labels }, request.query.orders);
    },
  );

  app.get(
    '/labels/print',
    {
      schema: {
        tags,
        security,
        summary: 'The labels and packing slips of orders, as one PDF',
        description:
          'For each order in the order given, its 4 x 6 inch label, then its 4 x 6 inch packing slip ' +
          '(`application/pdf`). 409 `no_label` names the orders without a bought label.',
        querystring: LabelOrdersQuerySchema,
        response: errorResponses(PRINT_STATUS, OPERATOR_STATUS),
      },
    },
    async (request, reply) => {
      const printed = await printLabels(db, request.query.orders);
      if (!printed.ok) throw failureToHttp(printed, PRINT_STATUS);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="shipping-labels.pdf"')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "frame-ancestors 'self'")
        .send(Buffer.from(printed.value));
    },
  );

  app.post(
    '/labels/void',
    {
      schema: {
        tags,
        security,
        summary: "Void an order's shipping label",
        description:
          "Claims the void of the order's bought label and queues it: the carrier is asked to void it " +
          '(postage refunded where it allows), then the order goes back to in progress, ready to ship, ' +
          'without its tracking number. 409 `no_label`: nothing to void; `label_scanned`: delivered.',
        body: z.object({ orderNumber: z.string().trim().min(1).max(40) }),
        response: { 200: OrderLabelSchema, ...errorResponses(VOID_STATUS, OPERATOR_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await claimVoid(
        db,
        outboundDeps(app),
        operatorOf(request),
        request.body.orderNumber,
      );
      if (!result.ok) throw failureToHttp(result, VOID_STATUS);
      return result.value;
    },
  );
};
