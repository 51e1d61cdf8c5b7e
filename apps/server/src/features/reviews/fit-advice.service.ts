/**
 * Fit advice (issue 29 item 2, docs/decisions/049): per size, core's rule over the published reviews'
 * fit answers and the returns' reasons (read through the returns' door), of one design or the shop.
 */
import {
  fitAdvice,
  noFitCounts,
  noReasonCounts,
  type FitCounts,
  type ReasonCounts,
} from '@sunward/core/fit-advice';
import type { FitAdviceList } from '@sunward/core/review-schemas';
import { FIT_ANSWERS } from '@sunward/core/reviews';
import { RETURN_REASONS } from '@sunward/core/returns';
import { SIZE_CODES } from '@sunward/core/sizes';
import type { DesignName } from '@sunward/core/designs';
import type { Db } from '../../db/database.ts';
import { returnReasonCounts } from '../returns/returns.api.ts';
import { countFitAnswers } from './reviews.repository.ts';

export async function fitAdviceList(db: Db, design: DesignName | null): Promise<FitAdviceList> {
  const fits = new Map<string, FitCounts>(SIZE_CODES.map((s) => [s, noFitCounts()]));
  const reasons = new Map<string, ReasonCounts>(SIZE_CODES.map((s) => [s, noReasonCounts()]));
  for (const row of await countFitAnswers(db, design)) {
    const counts = fits.get(row.size);
    if (counts && (FIT_ANSWERS as readonly string[]).includes(row.fit)) {
      counts[row.fit as keyof FitCounts] += Number(row.n);
    }
  }
  for (const row of await returnReasonCounts(db, design)) {
    const counts = reasons.get(row.size);
    if (counts && (RETURN_REASONS as readonly string[]).includes(row.reason)) {
      counts[row.reason as keyof ReasonCounts] += row.count;
    }
  }
  return {
    design,
    sizes: SIZE_CODES.map((size) => fitAdvice(size, fits.get(size)!, reasons.get(size)!)),
  };
}
