import { queryOptions, useQuery } from '@tanstack/react-query';
import { DESIGNS, type Design } from '@sunward/core/designs';
import { apiPaths } from '@/shared/api/api-paths.ts';
import { getJson } from '@/shared/api/http.ts';
import { DesignsSchema } from '@/shared/api/guards.ts';

export function getDesigns(signal?: AbortSignal): Promise<Design[]> {
  return getJson(apiPaths.designs(), DesignsSchema, signal);
}

export const designsQuery = queryOptions({
  queryKey: ['catalog', 'designs'],
  queryFn: ({ signal }) => getDesigns(signal),
  staleTime: 30 * 60_000,
});

/** The designs in collection order; the built-in list stands in until the API answers. */
export function useDesigns(): readonly Design[] {
  return useQuery(designsQuery).data ?? DESIGNS;
}
