import { useQuery } from '@tanstack/react-query';
import type { FitAdviceList } from '@sunward/core/review-schemas';
import { apiPaths } from '@/shared/api/api-paths.ts';
import { getJson } from '@/shared/api/http.ts';

const schema = () => import('@sunward/core/review-schemas').then((m) => m.FitAdviceListSchema);

/** GET /api/fit-advice: per size, what reviews and returns say of its fit (issue 29, decision 049). */
export const getFitAdvice = (design: string | undefined, signal?: AbortSignal) =>
  getJson<FitAdviceList>(apiPaths.fitAdvice(design), schema, signal);

/** Of a design, or (undefined) of every design; fetched only when `enabled`. */
export function useFitAdvice(design: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ['reviews', 'fit-advice', design ?? null],
    queryFn: ({ signal }) => getFitAdvice(design, signal),
    enabled,
    staleTime: 60_000,
  });
}
