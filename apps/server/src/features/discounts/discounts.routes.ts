/**
 * POST /api/discounts/check: whether a code applies to the bag, and what it takes off its goods (the
 * bag shows it; the checkout checks it again with the shopper's email, docs/decisions/042).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allocateDiscount, describeOffer } from '@sunward/core/discount';
import {
  CheckDiscountRequestSchema,
  CheckDiscountResponseSchema,
} from '@sunward/core/discount-schemas';
import {
  errorResponses,
  failureToHttp,
  HttpError,
  type StatusTable,
} from '../../lib/http-errors.ts';
import { priceBag } from '../catalog/catalog.api.ts';
import { discountsPersonalData } from './discounts-personal-data.ts';
import { findApplicableCode, type DiscountFailure } from './discounts.service.ts';
import { registerStaleHoldRelease } from './stale-holds-job.ts';

type CheckFailure = DiscountFailure | { ok: false; code: 'invalid_bag'; message: string };

const STATUS: StatusTable<CheckFailure> = {
  invalid_bag: 422,
  unknown: 422,
  inactive: 422,
  not_started: 422,
  expired: 422,
  used_up: 422,
  min_subtotal: 422,
  once_per_customer: 422,
  first_order_only: 422,
  not_eligible: 422,
};

export const discountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // Its rows of a person, for the console's export and erasure (lib/personal-data.ts).
  app.personalData.register(discountsPersonalData);
  registerStaleHoldRelease(app.jobs, db);
  app.post(
    '/discounts/check',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['checkout'],
        summary: 'Check a discount code against the bag',
        description:
          'Case-insensitive, spaces ignored. 422 with a plain message (and `fields.discountCode`) ' +
          'for a code that does not exist, has not started, has expired, is used up, needs a ' +
          'larger subtotal or does not cover the designs in the bag. Amounts in cents.',
        body: CheckDiscountRequestSchema,
        response: { 200: CheckDiscountResponseSchema, ...errorResponses(STATUS) },
      },
    },
    async (request) => {
      const bag = await priceBag(db, request.body.cart);
      if (!bag.ok) throw failureToHttp({ ...bag, code: 'invalid_bag' as const }, STATUS);
      const found = await findApplicableCode(db, {
        code: request.body.code,
        lines: bag.lines,
        shopper: { customerId: null, email: null },
      });
      if (!found.ok) {
        throw new HttpError(
          STATUS[found.code],
          found.message,
          { discountCode: found.message },
          {
            code: found.code,
          },
        );
      }
      const { code } = found.value;
      return {
        code: code.code,
        kind: code.kind,
        description: describeOffer(code),
        discount: allocateDiscount(bag.lines, code, 0).goodsDiscount,
      };
    },
  );
};
