/**
 * The tracking feature's door (decision 032): what its jobs are, for the console's jobs screen.
 * Anything not exported here is the tracking feature's own (eslint.config.js).
 */
export { TRACKING_CHECK_JOB, TRACKING_SWEEP_JOB } from './tracking-jobs.ts';
export { aboutTrackingCheckJob } from './tracking-jobs.console.ts';
