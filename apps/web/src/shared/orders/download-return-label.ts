import { z } from 'zod';
import { apiPaths } from '@/shared/api/api-paths.ts';
import { ApiError, getJson } from '@/shared/api/http.ts';

/** Spec 8: what the shopper reads when a return's label cannot be had (no message from the server). */
export const RETURN_LABEL_NOT_FOUND = "Couldn't find return label.";

const ReturnLabelSchema = z.object({ url: z.string().min(1) });

/**
 * GET /api/orders/downloadReturnLabel/{returnId} -> { url }, then the URL checked with a GET (spec 7):
 * the label's URL once it answers, else an ApiError with the server's message (or
 * RETURN_LABEL_NOT_FOUND when the label itself does not answer).
 */
export async function downloadReturnLabel(returnId: string): Promise<string> {
  const { url } = await getJson(apiPaths.returnLabel(returnId), ReturnLabelSchema);
  const label = await fetch(url).catch(() => null);
  if (!label?.ok) throw new ApiError(RETURN_LABEL_NOT_FOUND, label?.status ?? 0);
  // Only whether it answers matters here: the tab reads the file itself.
  await label.body?.cancel().catch(() => undefined);
  return url;
}
