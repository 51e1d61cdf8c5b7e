import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddressSchema } from '@sunward/core/schemas';
import { SalesTaxRateResponseSchema } from '@sunward/core/checkout-schemas';
import { AddressParam, parseAddressParam } from '../../lib/address-param.ts';
import { errorResponses } from '../../lib/http-errors.ts';
import { salesTaxRateFor } from './tax.service.ts';

/** Under /usps/ for the storefront's sake (spec 7), though no postal service is asked. */
export const taxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/usps/sales-tax-rate/:address',
    {
      schema: {
        tags: ['checkout'],
        summary:
          'Sales tax rate for the address state (ppm and percent), nexus and clothing exemption',
        params: AddressParam,
        response: { 200: SalesTaxRateResponseSchema, ...errorResponses() },
      },
    },
    async (request) => {
      const { state } = parseAddressParam(
        request.params.address,
        AddressSchema.pick({ state: true }),
      );
      return salesTaxRateFor(db, state);
    },
  );
};
