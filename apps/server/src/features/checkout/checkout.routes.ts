import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckoutTotalsSchema,
  ConfirmPaymentIntentRequestSchema,
  ConfirmPaymentIntentResponseSchema,
  CreatePaymentIntentRequestSchema,
  CreatePaymentIntentResponseSchema,
  UpdatePaymentIntentRequestSchema,
} from '@sunward/core/checkout-schemas';
import {
  errorResponses,
  failureToHttp,
  unauthorized,
  type StatusTable,
} from '../../lib/http-errors.ts';
import { resolveCustomer } from '../customers/customers.api.ts';
import * as checkout from './checkout.service.ts';
import { checkoutPersonalData } from './checkout-personal-data.ts';

/** Every checkout failure's status; the body carries the code (and totals, a decline code, fields). */
export const CHECKOUT_STATUS: StatusTable<checkout.CheckoutFailure> = {
  invalid_bag: 422,
  bad_address: 422,
  bad_discount: 422,
  discount_unavailable: 409,
  out_of_stock: 422,
  bad_return_url: 400,
  card_invalid: 400,
  card_declined: 402,
  not_found: 404,
  already_paid: 409,
  busy: 409,
  payment_in_progress: 409,
  not_priced: 409,
  total_changed: 409,
  unavailable: 503,
};

/** What a bearer route may answer before its handler runs (plugins/auth.ts). */
const AUTH_STATUS = { unauthorized: 401, invalid_token: 401, auth_unavailable: 503 };

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // Its rows of a person, for the console's export and erasure (lib/personal-data.ts).
  app.personalData.register(checkoutPersonalData);
  const deps = (): checkout.CheckoutDeps => ({
    payments: app.payments,
    usps: app.usps,
    tax: app.tax,
    holdMs: app.config.testStockHolds,
  });
  const errors = errorResponses(CHECKOUT_STATUS);

  app.post(
    '/orders/create-pi-guest',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Start a guest checkout: price the bag on the server and create a payment intent',
        description:
          'The bag is priced from the catalogue; productCost sent by the client is ignored. 422 for an ' +
          'empty bag, an unknown design or size, a quantity over 10, or a size out of stock. Amounts in cents.',
        body: CreatePaymentIntentRequestSchema,
        response: { 200: CreatePaymentIntentResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await checkout.createPaymentIntent(db, deps(), {
        cart: request.body.cart,
        customerId: null,
      });
      if (!result.ok) throw failureToHttp(result, CHECKOUT_STATUS);
      return result.value;
    },
  );

  app.post(
    '/orders/create-pi',
    {
      config: { requireUser: true },
      schema: {
        tags: ['checkout'],
        summary:
          "Start a signed-in checkout: the same as create-pi-guest, for the caller's customer",
        description:
          'Bearer token required. The bag is priced from the catalogue exactly as create-pi-guest ' +
          "does; the checkout, and so the order it becomes, belongs to the caller's customer (found or " +
          'created from the token, as GET /customers/{userId} does). update-pi, confirm-pi and ' +
          'POST /orders are the same calls as for a guest. Amounts in cents.',
        security: [{ bearerAuth: [] }],
        body: CreatePaymentIntentRequestSchema,
        response: {
          200: CreatePaymentIntentResponseSchema,
          ...errorResponses(CHECKOUT_STATUS, AUTH_STATUS),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.user) throw unauthorized();
      const customer = await resolveCustomer(db, request.user, {
        adminEmails: app.config.adminEmails,
      });
      const result = await checkout.createPaymentIntent(db, deps(), {
        cart: request.body.cart,
        customerId: customer.row.id,
      });
      if (!result.ok) throw failureToHttp(result, CHECKOUT_STATUS);
      return result.value;
    },
  );

  app.post(
    '/orders/update-pi',
    {
      schema: {
        tags: ['checkout'],
        summary:
          'Set the shipping address and option: recompute shipping, tax and total, update the intent',
        description:
          'The address must pass the address check. Ground is free when the subtotal reaches ' +
          'freeShippingTarget. Tax = (subtotal + shipping) x rate where the shop has nexus, with ' +
          'clothing exemptions. Amounts in cents; the intent amount becomes `total`.',
        body: UpdatePaymentIntentRequestSchema,
        response: { 200: CheckoutTotalsSchema, ...errors },
      },
    },
    async (request) => {
      const result = await checkout.updatePaymentIntent(db, deps(), request.body);
      if (!result.ok) throw failureToHttp(result, CHECKOUT_STATUS);
      return result.value;
    },
  );

  app.post(
    '/orders/confirm-pi',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Place Order: confirm the payment for the total the page shows',
        description:
          'Carries the address, shipping option and total (cents) on screen and the payment method (the ' +
          "sandbox's card fields, or a Stripe ConfirmationToken). The server confirms the intent only " +
          "when these are the checkout's own and the intent is for its total: 409 `total_changed` " +
          "(with the server's `totals` when they are for the same choices), `not_priced` before " +
          'update-pi, `payment_in_progress` while a card check waits; 422 `out_of_stock`; 402 for a ' +
          'declined card and 400 for a card error (Stripe codes). Nothing is charged on any failure. ' +
          '`requires_action`: go to `challengeUrl` (sandbox) or let Stripe.js handle the next action.',
        body: ConfirmPaymentIntentRequestSchema,
        response: { 200: ConfirmPaymentIntentResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await checkout.confirmPayment(
        db,
        { ...deps(), siteUrl: app.config.siteUrl },
        request.body,
      );
      if (!result.ok) throw failureToHttp(result, CHECKOUT_STATUS);
      return result.value;
    },
  );
};
