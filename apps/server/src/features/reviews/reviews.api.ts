/**
 * The reviews' door (decision 032): what other features may read of a design's reviews (its average
 * and count, e.g. for structured data) and its fit advice. Anything not exported here is the reviews
 * feature's own (eslint.config.js).
 */
export { designReviews, REVIEW_SUMMARIES_KEY, reviewSummaries } from './reviews.service.ts';
export { fitAdviceList } from './fit-advice.service.ts';
