/**
 * The USPS feature's door (decision 032): shipping quoted as /api/usps/prices quotes it, and the
 * services' shape. Anything not exported here is the USPS feature's own (eslint.config.js).
 */
export { quoteShipping } from './usps.service.ts';
export { UNAVAILABLE_MESSAGE, type UspsServices } from './usps.types.ts';
export { countyOfZip } from './zip-lookup.ts';
