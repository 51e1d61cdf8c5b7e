import type { ConsoleReviewFilters } from '@sunward/core/review-schemas';
import { adminKeys } from '@/shared/console/admin-api.ts';

/** The console's review queries: every list (one per filters, its pages growing with Show more). */
export const reviewsKeys = {
  lists: () => adminKeys.area('reviews', 'list'),
  list: (filters: ConsoleReviewFilters) => adminKeys.area('reviews', 'list', filters),
};
