import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * A stock hold in one statement on PostgreSQL (issue 26 item 1, docs/decisions/037). Every buyer of a
 * size locks that size's inventory row to count what the other checkouts hold; done from the shop, the
 * lock lasted three round trips (lock, sum, commit), each one waiting for a busy event loop to read the
 * answer and send the next statement, and the buyers of M and L queued behind it. Run here, the lock
 * lasts the function's own work and the commit.
 *
 * `sunward_reserve_stock(checkout, items, at, until)`, called outside any transaction: for each item
 * (`[{product_id, size, quantity}]`, taken in (product_id, size) order like every other writer of
 * inventory, so no deadlock), lock the size's row, then read the unexpired holds of the other
 * checkouts: each statement in a VOLATILE function sees what committed before it ran, so the holds
 * of a buyer who held the lock first are counted. The first size that cannot be held is answered as
 * `{product_id, size, available}` (available 0 when it went off sale or has no row) and nothing is
 * written, so the checkout's earlier holds stay; when every size can be held, the checkout's holds are
 * replaced and the answer is null. A size no longer counted is held as before (a harmless row).
 *
 * SQLite has one writer at a time, so its hold stays in the shop (features/catalog/stock.service.ts).
 */
export const stockHoldFunction: Migration = {
  async up(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await sql`
      create or replace function sunward_reserve_stock(
        p_checkout text, p_items jsonb, p_at text, p_until text
      ) returns jsonb
      language plpgsql volatile as $fn$
      declare
        item record;
        inv record;
        held bigint;
      begin
        for item in
          select x.product_id, x.size, x.quantity
          from jsonb_to_recordset(p_items) as x(product_id text, size text, quantity integer)
          order by x.product_id, x.size
        loop
          select i.stock, i.out_of_stock into inv
          from inventory i
          where i.product_id = item.product_id and i.size = item.size
          for no key update;
          if not found or inv.out_of_stock = 1 or inv.stock <= 0 then
            return jsonb_build_object('product_id', item.product_id, 'size', item.size, 'available', 0);
          end if;
          if inv.stock is not null then
            select coalesce(sum(r.quantity), 0) into held
            from stock_reservations r
            where r.product_id = item.product_id and r.size = item.size
              and r.checkout_id <> p_checkout and r.expires_at > p_at;
            if inv.stock - held < item.quantity then
              return jsonb_build_object(
                'product_id', item.product_id, 'size', item.size,
                'available', greatest(inv.stock - held, 0)
              );
            end if;
          end if;
        end loop;
        delete from stock_reservations where checkout_id = p_checkout;
        insert into stock_reservations (checkout_id, product_id, size, quantity, expires_at)
        select p_checkout, x.product_id, x.size, x.quantity, p_until
        from jsonb_to_recordset(p_items) as x(product_id text, size text, quantity integer);
        return null;
      end;
      $fn$
    `.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await sql`drop function if exists sunward_reserve_stock(text, jsonb, text, text)`.execute(db);
  },
};
