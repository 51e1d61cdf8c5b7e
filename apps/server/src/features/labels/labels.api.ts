/**
 * The labels' door (decision 032): what a failed label job was for (return labels, shipping labels),
 * for the console's jobs screen, and the return labels' parcels the tracking job follows. Anything not exported here is the labels
 * feature's own (eslint.config.js).
 */
export { aboutReturnLabelJob } from './return-label-jobs.console.ts';
export { aboutOutboundLabelJob } from './outbound-label-jobs.console.ts';
export { returnParcels, type ReturnParcel } from './return-label-parcels.ts';
