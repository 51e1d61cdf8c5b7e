/** What the identity routes share: the database, the provider (made on first use), the shop's look. */
import type Provider from 'oidc-provider';
import type { Db } from '../../db/database.ts';
import type { Mailing } from './accounts.service.ts';
import type { PageShop } from './pages/identity-pages.ts';

export interface IdentityContext {
  db: Db;
  provider(): Promise<Provider>;
  shop(): PageShop;
  mailing(): Mailing;
}
