/**
 * No table that can hold a person's data is left out of the personal-data registry (personal-data.ts):
 * every table with a column named like an email, a name, a phone or an address, in the migrated
 * database's own introspection, belongs to a registered part's `tables` or is listed below with why it
 * names no person. A new feature's table with such a column fails here until its feature registers a
 * part (and so is exported and erased with the rest), or is listed with a reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../test/test-app.ts';

/** A column that may name a person: email, name, phone or address as a word of its name. */
const PERSONAL_COLUMN = /(^|_)(e?mail|name|phone|address|street)(_|$)/i;

/** Tables with such a column that name no person, and why. */
const NOT_PERSONAL: Record<string, string> = {
  products: 'a product’s name',
  designs: 'a design’s name',
  app_secrets: 'a secret’s name',
  jobs: 'a job kind’s name (SQLite’s job engine; pg-boss’s own schema on PostgreSQL)',
  job_schedules: 'a schedule’s name',
  email_resends: 'an email’s id (the email itself is the outbox’s, claimed by email)',
};

describe.each(DATABASE_KINDS)('the personal-data registry on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('claims every table that may hold personal data', async () => {
    // The job engine's own schema on PostgreSQL (pg-boss) holds queues, not people.
    const tables = (await t.database.db.introspection.getTables()).filter(
      (table) => !table.schema || table.schema === 'public',
    );
    const claimed = new Set(t.app.personalData.tables);
    const unclaimed = tables
      .filter((table) => table.columns.some((c) => PERSONAL_COLUMN.test(c.name)))
      .map((table) => table.name)
      .filter((name) => !claimed.has(name) && !(name in NOT_PERSONAL))
      .sort();
    expect(unclaimed).toEqual([]);
  });

  it('claims only tables that exist', async () => {
    const names = new Set((await t.database.db.introspection.getTables()).map((t) => t.name));
    expect(t.app.personalData.tables.filter((name) => !names.has(name))).toEqual([]);
  });
});
