/**
 * Verified reviews (issue 29 item 1, docs/decisions/048): what a review holds and its limits, the
 * average shown beside the count, and the order in which "most helpful" lists them.
 */
/** How the shirt fits, by the buyer's answer. */
export const FIT_ANSWERS = ['runs-small', 'true-to-size', 'runs-large'] as const;
export type FitAnswer = (typeof FIT_ANSWERS)[number];

export const FIT_LABELS: Record<FitAnswer, string> = {
  'runs-small': 'Runs small',
  'true-to-size': 'True to size',
  'runs-large': 'Runs large',
};

/** A review's moderation: new ones wait in the console's queue; only published ones are shown. */
export const REVIEW_STATUSES = ['new', 'published', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The most characters of each text field (a longer one is refused, naming the field). */
export const REVIEW_LIMITS = {
  title: 100,
  body: 2000,
  firstName: 40,
  reply: 1000,
} as const;

/** The field names as a message says them. */
export const REVIEW_FIELD_LABELS = {
  stars: 'Stars',
  fit: 'How it fits',
  size: 'Size bought',
  title: 'Title',
  body: 'Review',
  firstName: 'First name',
  state: 'State',
  reply: 'Reply',
  design: 'Design',
} as const;

/** The orders a design's reviews are listed in (decision 048). */
export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** The average of `stars` (1-5), to one decimal; null with none. */
export function averageStars(stars: readonly number[]): number | null {
  if (stars.length === 0) return null;
  const sum = stars.reduce((a, b) => a + b, 0);
  return Math.round((sum * 10) / stars.length) / 10;
}

/** What "most helpful" reads of a review. */
export interface HelpfulFacts {
  /** Characters of its title and text together (trimmed). */
  textLength: number;
  /** ISO 8601 UTC. */
  createdAt: string;
}

/**
 * "Most helpful" (decision 048): a review that says something comes before one that gives stars only;
 * among those, the one that says most (by text length, in steps of 100 characters so that a few
 * characters more do not outrank a newer review); then the newest. No votes: a shopper's vote would
 * need a browser identity and an anti-abuse rule the shop does not have, and the order would drift to
 * the first reviews shown.
 */
export function compareHelpful(a: HelpfulFacts, b: HelpfulFacts): number {
  const said = (r: HelpfulFacts) => (r.textLength > 0 ? 1 : 0);
  const step = (r: HelpfulFacts) => Math.min(Math.floor(r.textLength / 100), 10);
  return (
    said(b) - said(a) ||
    step(b) - step(a) ||
    (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)
  );
}

/** The stars as words, for a screen reader and the console: "4 out of 5 stars". */
export const starsLabel = (stars: number) => `${stars} out of 5 stars`;
