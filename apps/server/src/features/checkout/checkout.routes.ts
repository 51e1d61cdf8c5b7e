import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@sunward/core/schemas';
import {
  CheckoutTotalsSchema,
  CreatePaymentIntentRequestSchema,
  CreatePaymentIntentResponseSchema,
  UpdatePaymentIntentRequestSchema,
} from '@sunward/core/checkout-schemas';
import { HttpError } from '../../lib/http-errors.ts';
import * as checkout from './checkout.service.ts';

const STATUS: Record<checkout.CheckoutFailure['reason'], number> = {
  invalid_bag: 422,
  bad_address: 422,
  not_found: 404,
  already_paid: 409,
  busy: 409,
  unavailable: 503,
};

export function failureToHttp(failure: checkout.CheckoutFailure): HttpError {
  return new HttpError(
    STATUS[failure.reason],
    failure.message,
    'fields' in failure ? failure.fields : undefined,
  );
}

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const deps = (): checkout.CheckoutDeps => ({ payments: app.payments, usps: app.usps });
  const errors = {
    400: ApiErrorSchema,
    404: ApiErrorSchema,
    409: ApiErrorSchema,
    422: ApiErrorSchema,
    503: ApiErrorSchema,
  };

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
      if (!result.ok) throw failureToHttp(result);
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
      if (!result.ok) throw failureToHttp(result);
      return result.value;
    },
  );
};
