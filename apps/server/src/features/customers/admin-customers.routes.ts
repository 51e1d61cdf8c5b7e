/**
 * Customers in the console (issue 15, item 6), under /api/admin:
 * - GET /customers?q&after&limit: search by email, name or id, newest first, keyset-paged;
 * - GET /customers/{customerId}: the record, identities, account, orders, support messages, data
 *   requests and emails;
 * - GET /customers/guests/{orderId}: a guest buyer (no account; decision 053), by one of their
 *   orders: what the shop holds under the orders' email;
 * - GET /customers/{customerId}/export: everything the shop holds on them, a JSON file to download;
 * - POST /customers/{customerId}/erase { confirmEmail }: erase their personal data, keep the
 *   financial records.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CustomerDetailSchema,
  CustomerListSchema,
  EraseCustomerAnswerSchema,
  EraseCustomerBodySchema,
} from '@sunward/core/console-customers';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { CursorParamSchema } from '../../lib/keyset.ts';
import { sendJsonFile } from '../../lib/json-file.ts';
import { OPERATOR_STATUS, operatorOf } from '../operators/operators.api.ts';
import { eraseCustomer, type EraseFailure } from './customer-erasure.service.ts';
import { EXPORT_FORMAT, exportCustomer } from './customer-export.service.ts';
import { customerDetail, guestDetail, listCustomers } from './admin-customers.service.ts';
import { wholeNumberParam } from '@sunward/core/query-numbers';

const NOT_FOUND = { not_found: 404 };
const ERASE_STATUS: StatusTable<EraseFailure> = {
  not_found: 404,
  confirm_mismatch: 422,
  is_operator: 409,
  open_orders: 409,
};

const ListQuery = z.object({
  q: z.string().max(254).optional(),
  after: CursorParamSchema.optional(),
  limit: wholeNumberParam(1, 100, 50),
});
const IdParams = z.object({ customerId: z.string().min(1).max(100) });
const GuestParams = z.object({ orderId: z.string().min(1).max(100) });
const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };

export const adminCustomersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, personalData } = app;

  app.get(
    '/customers',
    {
      schema: {
        ...secured,
        summary: 'Customers, newest first; `q` finds text in the email or name, or an exact id',
        description:
          'Guest buyers (orders without an account, one row an email in any case) come in the same ' +
          'order and pages, `kind: guest`, dated by their first order, whose id is theirs (their ' +
          "page: /customers/guests/{id}). An erased guest's placeholder is `kind: erased-guest`.",
        querystring: ListQuery,
        response: { 200: CustomerListSchema, ...errorResponses(OPERATOR_STATUS) },
      },
    },
    async (request) => listCustomers(db, request.query),
  );

  app.get(
    '/customers/:customerId',
    {
      schema: {
        ...secured,
        summary: 'One customer and what the shop holds on them',
        description:
          'Records found by email (guest orders, support messages, data requests) only where the ' +
          "customer's email is verified: an unverified address may be anyone's.",
        params: IdParams,
        response: { 200: CustomerDetailSchema, ...errorResponses(OPERATOR_STATUS, NOT_FOUND) },
      },
    },
    async (request) => {
      const result = await customerDetail(db, personalData, request.params.customerId);
      if (!result.ok) throw failureToHttp(result, NOT_FOUND);
      return result.value;
    },
  );

  app.get(
    '/customers/guests/:orderId',
    {
      schema: {
        ...secured,
        summary: 'A guest buyer, by one of their orders, and what the shop holds under its email',
        description:
          'Orders placed without an account with the same email (any case), their returns, ' +
          'checkouts, support messages, data requests, marketing consents and emails. 404 for an ' +
          'order placed signed in or erased. Export and erasure go through a data request whose email ' +
          'was proven (/data-requests/{id}/export, /erase).',
        params: GuestParams,
        response: { 200: CustomerDetailSchema, ...errorResponses(OPERATOR_STATUS, NOT_FOUND) },
      },
    },
    async (request) => {
      const result = await guestDetail(db, personalData, request.params.orderId);
      if (!result.ok) throw failureToHttp(result, NOT_FOUND);
      return result.value;
    },
  );

  app.get(
    '/customers/:customerId/export',
    {
      schema: {
        ...secured,
        summary: 'Everything the shop holds on a customer, as a JSON file (right to know)',
        description:
          'A download (`Content-Disposition: attachment`): the customer record, identities, ' +
          'built-in account (no password hash), orders with items, history, refunds and returns, ' +
          'checkouts, bag, support messages and replies, data requests and every email sent to ' +
          'them with its bodies. Recorded as an operator action.',
        params: IdParams,
        response: {
          200: z
            .looseObject({ format: z.literal(EXPORT_FORMAT), version: z.number() })
            .describe('The export document'),
          ...errorResponses(OPERATOR_STATUS, NOT_FOUND),
        },
      },
    },
    async (request, reply) => {
      const result = await exportCustomer(
        db,
        personalData,
        operatorOf(request),
        request.params.customerId,
        {
          siteUrl: app.config.siteUrl,
        },
      );
      if (!result.ok) throw failureToHttp(result, NOT_FOUND);
      return sendJsonFile(reply, result.value);
    },
  );

  app.post(
    '/customers/:customerId/erase',
    {
      schema: {
        ...secured,
        summary: "Erase a customer's personal data, keeping the financial records",
        description:
          "`confirmEmail`: the customer's email, typed by the operator (any case). Names, emails, " +
          'phone numbers and street addresses go from the customer, their orders, checkouts, ' +
          'support messages, data requests and emails; their account, sessions and identities ' +
          "go (they can no longer sign in). The orders' numbers, amounts, items, dates, statuses, " +
          'refunds and history stay under the erased customer. Erasing again answers ' +
          '`alreadyErased: true` and changes nothing. 409 `is_operator` for an operator, ' +
          '`open_orders` while an order has not shipped; 422 `confirm_mismatch`.',
        params: IdParams,
        body: EraseCustomerBodySchema,
        response: {
          200: EraseCustomerAnswerSchema,
          ...errorResponses(OPERATOR_STATUS, ERASE_STATUS),
        },
      },
    },
    async (request) => {
      const result = await eraseCustomer(
        db,
        personalData,
        operatorOf(request),
        request.params.customerId,
        request.body.confirmEmail,
      );
      if (!result.ok) throw failureToHttp(result, ERASE_STATUS);
      return result.value;
    },
  );
};
