import type { Generated, Selectable } from 'kysely';

export interface CustomersTable {
  id: string;
  email: string;
  email_verified: number;
  name: string;
  /** JSON array, e.g. ["admin"] */
  roles: string;
  /**
   * JSON array of roles taken away by `npm run admin -- revoke` (migration 018): ADMIN_EMAILS does not
   * give them back; `grant` does.
   */
  revoked_roles: Generated<string>;
  created_at: string;
  updated_at: string;
  /**
   * When an operator erased the customer's personal data (migration 016): the row stays, emptied, as
   * the placeholder their orders' financial records point to. Null otherwise.
   */
  erased_at: string | null;
  /**
   * 1 for the placeholder an erasure by email made for a guest buyer (migration 038, decision 053):
   * never an account, erased from birth; their kept orders point to it.
   */
  guest: Generated<number>;
}

export interface CustomerIdentitiesTable {
  issuer: string;
  subject: string;
  customer_id: string;
  connection: string;
  created_at: string;
}

/**
 * An identity (issuer + subject) whose customer was erased (migration 016): an access token it got
 * before `erased_at` is refused instead of making the customer again from the token's claims.
 */
export interface ErasedIdentitiesTable {
  issuer: string;
  subject: string;
  erased_at: string;
}

export type CustomerRow = Selectable<CustomersTable>;

export interface CustomerTables {
  customers: CustomersTable;
  customer_identities: CustomerIdentitiesTable;
  erased_identities: ErasedIdentitiesTable;
}
