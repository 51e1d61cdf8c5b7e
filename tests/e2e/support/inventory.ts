import { query } from './database.ts';

/** Marks a size in or out of stock for every product, straight in the e2e server's database. */
export async function setOutOfStock(size: string, outOfStock: boolean): Promise<void> {
  await query('UPDATE inventory SET out_of_stock = ? WHERE size = ?', [outOfStock ? 1 : 0, size]);
}

/** What the sandbox processor charged for an intent (cents), or null when it is not paid. */
export async function chargedAmount(paymentIntentId: string): Promise<number | null> {
  const [row] = await query<{ amount: number | string; status: string }>(
    'SELECT amount, status FROM sandbox_payment_intents WHERE id = ?',
    [paymentIntentId],
  );
  return row && row.status === 'succeeded' ? Number(row.amount) : null;
}
