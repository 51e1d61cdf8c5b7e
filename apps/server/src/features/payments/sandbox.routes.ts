/**
 * The sandbox card processor's HTTP surface: an intent's status for its secret's holder, and the 3-D Secure
 * challenge page. Confirming is not here: the shop's server confirms (POST /api/orders/confirm-pi) after
 * checking the amount, as with Stripe's server-side confirmation.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, notFound } from '../../lib/http-errors.ts';
import { loadSettings } from '../settings/settings.api.ts';
import { challengePage, CHALLENGE_GONE_PAGE } from './sandbox-challenge.page.ts';
import * as sandbox from './sandbox.service.ts';

const TokenParams = z.object({
  token: z
    .string()
    .min(10)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});

export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const deps = (): sandbox.SandboxDeps => ({
    siteUrl: config.siteUrl,
    webhooks: app.sandboxWebhooks,
  });

  // The challenge page posts a plain HTML form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/sandbox/payment-intents/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'Sandbox processor: an intent status for the holder of its client secret',
        description:
          'Like Stripe.js retrievePaymentIntent: status, amount (cents) and the last error.',
        params: z.object({ id: z.string().min(1).max(255) }),
        querystring: z.object({ clientSecret: z.string().min(1).max(255) }),
        response: {
          200: z.object({
            id: z.string(),
            status: z.string(),
            amount: z.number().int(),
            currency: z.string(),
            lastPaymentError: z.object({ code: z.string(), message: z.string() }).nullable(),
          }),
          ...errorResponses({ not_found: 404 }),
        },
      },
    },
    async (request) => {
      const status = await sandbox.intentStatus(db, request.params.id, request.query.clientSecret);
      if (!status) {
        throw notFound(`No such payment_intent: '${request.params.id}'`);
      }
      return status;
    },
  );

  app.get(
    '/sandbox/challenge/:token',
    {
      config: { document: true },
      schema: {
        tags: ['payments'],
        summary: 'Sandbox processor: the 3-D Secure challenge page (HTML)',
        params: TokenParams,
      },
    },
    async (request, reply) => {
      const row = await sandbox.findChallenge(db, request.params.token);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!row) return reply.status(404).send(CHALLENGE_GONE_PAGE);
      const { shopName } = await loadSettings(db);
      return challengePage({
        shopName,
        token: request.params.token,
        amount: row.amount,
        last4: row.card_last4,
      });
    },
  );

  app.post(
    '/sandbox/challenge/:token',
    {
      config: { document: true },
      schema: {
        tags: ['payments'],
        summary:
          'Sandbox processor: answer the challenge (form field outcome=complete|fail), then 303 to the return URL',
        params: TokenParams,
        body: z.object({ outcome: z.enum(['complete', 'fail']) }),
      },
    },
    async (request, reply) => {
      const done = await sandbox.finishChallenge(
        db,
        deps(),
        request.params.token,
        request.body.outcome,
      );
      if (!done) {
        return reply.status(404).type('text/html; charset=utf-8').send(CHALLENGE_GONE_PAGE);
      }
      return reply.redirect(done.redirectUrl, 303);
    },
  );
};
