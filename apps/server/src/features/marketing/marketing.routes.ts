/**
 * The marketing routes (decision 044): the unsubscribe page's button (`POST /api/unsubscribe`), the
 * mail clients' one-click unsubscribe (`POST /unsubscribe?token=`, RFC 8058: the URL of the
 * List-Unsubscribe header, whatever the body), and the link back to the bag
 * (`GET /api/bag-restore?token=`).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RestoredBagSchema } from '@sunward/core/schemas';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { marketingPersonalData } from './marketing-personal-data.ts';
import { bagByToken, unsubscribeByToken, type BadLink } from './marketing.service.ts';

const STATUS: StatusTable<BadLink> = { 'invalid-link': 400 };
const Token = z.string().min(1).max(512);

export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.personalData.register(marketingPersonalData);

  app.post(
    '/unsubscribe',
    {
      schema: {
        tags: ['marketing'],
        summary: "Unsubscribe an address from marketing email (the storefront page's button)",
        body: z.object({ token: Token }),
        response: { 200: z.object({ email: z.string() }), ...errorResponses(STATUS) },
      },
    },
    async (request) => {
      const result = await unsubscribeByToken(db, request.body.token, 'page');
      if (!result.ok) throw failureToHttp(result, STATUS);
      return result.value;
    },
  );

  app.get(
    '/bag-restore',
    {
      schema: {
        tags: ['marketing'],
        summary: 'The shirts of a bag reminder’s checkout, to put back in the bag',
        querystring: z.object({ token: Token }),
        response: {
          200: RestoredBagSchema,
          ...errorResponses(STATUS),
        },
      },
    },
    async (request) => {
      const result = await bagByToken(db, request.query.token);
      if (!result.ok) throw failureToHttp(result, STATUS);
      return result.value;
    },
  );
};

/**
 * RFC 8058's one-click POST to the List-Unsubscribe URL: the token is in the URL; the body
 * (`List-Unsubscribe=One-Click`, form-encoded or multipart) is read and ignored.
 */
export const oneClickUnsubscribeRoute: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    payload.resume();
    payload.on('end', () => done(null, undefined));
  });
  app.post<{ Querystring: { token?: string } }>('/unsubscribe', async (request, reply) => {
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const result = await unsubscribeByToken(db, token, 'one-click');
    if (!result.ok) throw failureToHttp(result, STATUS);
    return reply.type('text/plain; charset=utf-8').send('Unsubscribed.');
  });
};
