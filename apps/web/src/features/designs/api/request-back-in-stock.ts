import { useMutation } from '@tanstack/react-query';
import type { BackInStockAnswer, BackInStockRequest } from '@sunward/core/back-in-stock';
import { apiPaths } from '@/shared/api/api-paths.ts';
import { sendJson } from '@/shared/api/http.ts';

/**
 * POST /api/back-in-stock (decision 050): the shopper's address, to get one email when a size shown
 * out of stock is back on sale. Answers the sentence to show. (No zod here: the design dialog's chunk
 * stays small, decision 007; the server checks the request.)
 */
export async function requestBackInStock(body: BackInStockRequest): Promise<BackInStockAnswer> {
  const response = await sendJson(apiPaths.backInStock(), body);
  const answer = (await response.json()) as Partial<BackInStockAnswer>;
  if (typeof answer.message !== 'string') throw new Error('The shop sent an answer it should not.');
  return { message: answer.message };
}

export function useRequestBackInStock() {
  return useMutation({ mutationFn: requestBackInStock });
}
