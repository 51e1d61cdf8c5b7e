import type { Selectable } from 'kysely';

export interface CustomersTable {
  id: string;
  email: string;
  email_verified: number;
  name: string;
  /** JSON array, e.g. ["admin"] */
  roles: string;
  created_at: string;
  updated_at: string;
}

export interface CustomerIdentitiesTable {
  issuer: string;
  subject: string;
  customer_id: string;
  connection: string;
  created_at: string;
}

export type CustomerRow = Selectable<CustomersTable>;

export interface CustomerTables {
  customers: CustomersTable;
  customer_identities: CustomerIdentitiesTable;
}
