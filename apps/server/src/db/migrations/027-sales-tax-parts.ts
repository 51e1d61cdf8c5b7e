import type { Kysely, Migration } from 'kysely';

/**
 * Local sales tax (issue 28 item 2, docs/decisions/041): the rate a checkout was priced at and its
 * parts (state, county, transit) are kept with the checkout and copied to its order, so the success
 * page, the emails, the account, the lookup and the console say what the tax was made of as it was
 * charged, whatever the rates become. Null for what was priced before. With Stripe Tax
 * (TAX_PROVIDER=stripe) the checkout keeps its tax calculation's id, and the order copies it, so the
 * paid order's tax is recorded with Stripe from the very quote the shopper saw.
 */
export const salesTaxParts: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['checkouts', 'orders']) {
      await db.schema.alterTable(table).addColumn('tax_rate', 'integer').execute();
      await db.schema.alterTable(table).addColumn('tax_parts', 'text').execute();
      await db.schema.alterTable(table).addColumn('tax_calculation', 'text').execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['checkouts', 'orders']) {
      await db.schema.alterTable(table).dropColumn('tax_calculation').execute();
      await db.schema.alterTable(table).dropColumn('tax_parts').execute();
      await db.schema.alterTable(table).dropColumn('tax_rate').execute();
    }
  },
};
