import { openSqliteFile } from '../../../apps/server/src/db/sqlite-driver.ts';

/** Marks a size in or out of stock for every product, straight in the e2e server's SQLite file. */
export function setOutOfStock(size: string, outOfStock: boolean): void {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file) throw new Error('E2E_DATABASE_FILE is not set (see playwright.config.ts)');
  const db = openSqliteFile(file);
  try {
    db.prepare('UPDATE inventory SET out_of_stock = ? WHERE size = ?').run(
      outOfStock ? 1 : 0,
      size,
    );
  } finally {
    db.close();
  }
}

/** What the sandbox processor charged for an intent (cents), or null when it is not paid. */
export function chargedAmount(paymentIntentId: string): number | null {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file) throw new Error('E2E_DATABASE_FILE is not set (see playwright.config.ts)');
  const db = openSqliteFile(file, { readonly: true });
  try {
    const row = db
      .prepare('SELECT amount, status FROM sandbox_payment_intents WHERE id = ?')
      .get(paymentIntentId) as { amount: number; status: string } | undefined;
    return row && row.status === 'succeeded' ? row.amount : null;
  } finally {
    db.close();
  }
}
