/**
 * The payment-page monitor's door (decision 032): its open alerts, for the console's home and the
 * metrics. Anything not exported here is the feature's own (eslint.config.js).
 */
export { countOpenAlerts, openAlerts, runTotals } from './payment-page.repository.ts';
