/**
 * The tax feature's door (decision 032): the sales-tax rule of a destination address. Anything not
 * exported here is the tax feature's own (eslint.config.js).
 */
export { taxRuleForAddress } from './tax.service.ts';
