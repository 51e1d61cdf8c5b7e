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
          'Sales tax rate for the address (state, and county by ZIP where the state adds local rates): ppm, percent, parts, nexus and clothing exemption',
        params: AddressParam,
        response: { 200: SalesTaxRateResponseSchema, ...errorResponses() },
      },
    },
    async (request) => {
      const address = parseAddressParam(
        request.params.address,
        AddressSchema.pick({ state: true, postal_code: true }).partial({ postal_code: true }),
      );
      return salesTaxRateFor(db, address);
    },
  );
};
