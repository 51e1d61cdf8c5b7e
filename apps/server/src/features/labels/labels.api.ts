/**
 * The labels' door (decision 032): what a failed label job was for, for the console's jobs screen.
 * Anything not exported here is the labels feature's own (eslint.config.js).
 */
export { aboutReturnLabelJob } from './return-label-jobs.console.ts';
export { aboutOutboundLabelJob } from './outbound-label-jobs.console.ts';
