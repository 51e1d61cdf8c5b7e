/**
 * The catalogue's door (decision 032): the catalogue owns pricing and stock, so a bag is priced and
 * stock is held, taken and given back only through here, in the caller's transaction; the prerendered
 * pages read its answers as its routes do. Anything not exported here is the catalogue's own
 * (eslint.config.js).
 */
export { listDesigns, listProducts } from './catalog.service.ts';
export { catalogueLineChecker, priceBag, type PricedLine } from './price-bag.ts';
export {
  releaseStock,
  RESERVATION_MS,
  reserveStock,
  reserveStockWith,
  restoreStock,
  takeAvailableStock,
  takeStock,
} from './stock.service.ts';
export * from './catalog.events.ts';
export { getInventory } from './catalog.service.ts';
