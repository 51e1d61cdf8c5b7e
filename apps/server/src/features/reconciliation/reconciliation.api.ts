/**
 * Reconciliation's door (decision 032): its open findings, for the console's home and the metrics.
 * Anything not exported here is reconciliation's own (eslint.config.js).
 */
export { countOpenFindings, lastDoneAt, openFindings } from './reconciliation.repository.ts';
