import type { ConsoleReviewFilters, ConsoleReviewList } from '@sunward/core/review-schemas';
import { DESIGNS, isDesignName } from '@sunward/core/designs';
import { REVIEW_STATUSES, type ReviewStatus } from '@sunward/core/reviews';
import type { FilterField } from '@/shared/console/filter-bar.tsx';
import { statusLook } from '@/shared/console/status-badge.tsx';

export const REVIEW_FILTER_NAMES = ['status', 'design'] as const;
export type ReviewFilterValues = Record<(typeof REVIEW_FILTER_NAMES)[number], string>;

/** `?status=` for every review: without it the list is the queue of new ones. */
export const ALL_STATUSES = 'all';

const designOptions = [...DESIGNS]
  .sort((a, b) => a.designTitle.localeCompare(b.designTitle))
  .map((d) => ({ value: d.designName, label: d.designTitle }));

/** The status's label with its count, once the counts are in: "New (3)". */
const counted = (label: string, count: number | undefined) =>
  count === undefined ? label : `${label} (${count})`;

/**
 * The reviews list's filters, kept in the URL by the FilterBar: the status (the queue of new ones
 * unless another is chosen), each with its count, and the design.
 */
export function reviewFilterFields(counts: ConsoleReviewList['counts'] | undefined): FilterField[] {
  const total = counts && counts.new + counts.published + counts.hidden;
  const status = (s: ReviewStatus) => counted(statusLook('review', s).label, counts?.[s]);
  return [
    {
      type: 'select',
      name: 'status',
      label: 'Status',
      options: [
        { value: '', label: status('new') },
        ...REVIEW_STATUSES.filter((s) => s !== 'new').map((s) => ({ value: s, label: status(s) })),
        { value: ALL_STATUSES, label: counted('All', total) },
      ],
    },
    {
      type: 'select',
      name: 'design',
      label: 'Design',
      options: [{ value: '', label: 'All designs' }, ...designOptions],
    },
  ];
}

/** The server's filters for the URL's values (an unknown value is left out). */
export function reviewFiltersOf(values: ReviewFilterValues): ConsoleReviewFilters {
  const status =
    values.status === ALL_STATUSES
      ? undefined
      : (REVIEW_STATUSES as readonly string[]).includes(values.status)
        ? (values.status as ReviewStatus)
        : 'new';
  return {
    ...(status ? { status } : {}),
    ...(isDesignName(values.design) ? { design: values.design } : {}),
  };
}
