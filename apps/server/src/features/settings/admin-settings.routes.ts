/**
 * The console's settings (issue 15, item 5), inside /api/admin (401 or 403 before the handler unless
 * the caller is an operator):
 * - GET /settings: every setting, and any stored value that is not valid;
 * - PATCH /settings: some settings by key, all or nothing; 422 `invalid_settings` with a message per
 *   field (`fields`, keyed by the setting's path: `returnAddress.zip`, `taxRateOverrides.NC`).
 * The rules are in admin-settings.service.ts and core's settings schema.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ConsoleSettingsSchema } from '@sunward/core/settings';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { OPERATOR_STATUS, operatorOf } from '../operators/operators.api.ts';
import {
  getConsoleSettings,
  updateSettings,
  type UpdateSettingsFailure,
} from './admin-settings.service.ts';

const UPDATE_STATUS: StatusTable<UpdateSettingsFailure> = { invalid_settings: 422 };

export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/settings',
    {
      schema: {
        tags: ['admin'],
        summary: "The shop's settings, for the console",
        security: [{ bearerAuth: [] }],
        response: { 200: ConsoleSettingsSchema, ...errorResponses(OPERATOR_STATUS) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return getConsoleSettings(db);
    },
  );

  app.patch(
    '/settings',
    {
      config: { multiline: ['rateCard.source'] },
      schema: {
        tags: ['admin'],
        summary: 'Change some settings, all or nothing (each recorded with its old and new value)',
        security: [{ bearerAuth: [] }],
        body: z
          .record(z.string(), z.unknown())
          .describe('Settings by key, as GET /admin/settings answers them; other keys are refused'),
        response: {
          200: ConsoleSettingsSchema,
          ...errorResponses(OPERATOR_STATUS, UPDATE_STATUS),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await updateSettings(
        db,
        { cache: app.catalogCache },
        operatorOf(request),
        request.body,
      );
      if (!result.ok) throw failureToHttp(result, UPDATE_STATUS);
      return result.value;
    },
  );
};
