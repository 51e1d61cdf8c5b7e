import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Configuration } from '@sunward/core/schemas';
import { apiPaths } from '@/shared/api/api-paths.ts';
import { getJson } from '@/shared/api/http.ts';
import { ConfigurationSchema } from '@/shared/api/guards.ts';

/**
 * Used until GET /api/configuration answers (and if it fails). Sign-in waits for the real answer
 * (its empty issuer is never used).
 */
export const DEFAULT_CONFIGURATION: Configuration = {
  shopName: 'Sunward',
  companyZipCode: '',
  freeShippingTarget: 10_000,
  supportEmail: 'support@sunward.com',
  auth: {
    issuer: '',
    clientId: '',
    audience: '',
    changePassword: null,
    resendVerification: null,
  },
};

export function getConfiguration(signal?: AbortSignal): Promise<Configuration> {
  return getJson(apiPaths.configuration(), ConfigurationSchema, signal);
}

export const configurationQuery = queryOptions({
  queryKey: ['catalog', 'configuration'],
  queryFn: ({ signal }) => getConfiguration(signal),
  staleTime: 30 * 60_000,
});

export function useConfiguration(): Configuration {
  return useQuery(configurationQuery).data ?? DEFAULT_CONFIGURATION;
}
