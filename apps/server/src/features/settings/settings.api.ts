/**
 * The settings' door (issue 11; decision 032): the shop's settings have one owner, and every feature
 * reads them through here. Anything not exported here is the settings feature's own (eslint.config.js).
 */
export {
  loadConfiguration,
  loadSettings,
  loadShopIdentity,
  SETTINGS_CACHE_KEY,
  shopIdentityOf,
} from './settings.ts';
