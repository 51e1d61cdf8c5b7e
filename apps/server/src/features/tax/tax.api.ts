/**
 * The tax feature's door (decision 032): the sales-tax rule of a destination address. Anything not
 * exported here is the tax feature's own (eslint.config.js).
 */
export { taxRuleForAddress } from './tax.service.ts';
export {
  builtInTaxProvider,
  type TaxProvider,
  type TaxQuote,
  type TaxQuoteInput,
} from './tax-provider.ts';
export { createStripeTaxProvider } from './stripe-tax.provider.ts';
export { salesTaxRateOf, taxRateColumns } from './tax-rate-record.ts';
