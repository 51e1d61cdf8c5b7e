import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddressSchema } from '@sunward/core/schemas';
import {
  AddressCheckResponseSchema,
  RateQuoteQuerySchema,
  RateQuoteResponseSchema,
  ZipParamsSchema,
} from '@sunward/core/checkout-schemas';
import { AddressParam, parseAddressParam } from '../../lib/address-param.ts';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import type { Failure } from '../../lib/result.ts';
import { checkAddress, quoteShipping } from './usps.service.ts';

/** `undeliverable` is not an error here: it answers 200 with the message (spec 7). */
const ADDRESS_CHECK_STATUS: StatusTable<Failure<'unavailable'>> = { unavailable: 503 };
const QUOTE_STATUS: StatusTable<Failure<'bad_zip' | 'unavailable'>> = {
  bad_zip: 422,
  unavailable: 503,
};

export const uspsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, usps } = app;

  app.get(
    '/usps/address-check/:address',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Verify a US address: the normalised or suggested address, or a message',
        description:
          'Answers 200 with {streetAddress, secondaryAddress, city, state, ZIPCode} when the address can ' +
          'exist (equal to the entered one ignoring case: verified; different: a suggestion), or 200 ' +
          'with {message} when it cannot. 400 for a malformed address.',
        params: AddressParam,
        response: { 200: AddressCheckResponseSchema, ...errorResponses(ADDRESS_CHECK_STATUS) },
      },
    },
    async (request) => {
      const address = parseAddressParam(request.params.address, AddressSchema);
      const result = await checkAddress(usps, address);
      if (result.ok) return result.address;
      if (result.code === 'unavailable') throw failureToHttp(result, ADDRESS_CHECK_STATUS);
      return { message: result.message };
    },
  );

  app.post(
    '/usps/prices/:from/:to',
    {
      schema: {
        tags: ['checkout'],
        summary: 'USPS Ground Advantage and Priority Mail base prices in cents between two ZIPs',
        description:
          'totalBasePrice is in cents for `quantity` shirts (default 1) at the shirt weight setting. ' +
          'The free-ground rule (subtotal >= freeShippingTarget) is applied by update-pi, not here.',
        params: ZipParamsSchema,
        querystring: RateQuoteQuerySchema,
        response: { 200: RateQuoteResponseSchema, ...errorResponses(QUOTE_STATUS) },
      },
    },
    async (request) => {
      const { from, to } = request.params;
      const result = await quoteShipping(db, usps, {
        fromZip: from,
        toZip: to,
        quantity: request.query.quantity,
      });
      if (!result.ok) throw failureToHttp(result, QUOTE_STATUS);
      return {
        ground: { totalBasePrice: result.ground },
        priority: { totalBasePrice: result.priority },
        ...(result.zone ? { zone: result.zone } : {}),
        weightOz: result.weightOz ?? 0,
      };
    },
  );
};
