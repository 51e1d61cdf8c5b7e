import type { Order } from '@sunward/core/checkout-schemas';

type OrderAddress = Order['shipping']['address'];

/** A name and a US address on three lines: "600 E Trade St, Apt 2" and "Charlotte, NC 28202". */
export function PostalAddress({ name, address }: { name: string; address: OrderAddress }) {
  const street = address.line2 ? `${address.line1}, ${address.line2}` : address.line1;
  return (
    <address className="postal-address">
      {name}
      <br />
      {street}
      <br />
      {`${address.city}, ${address.state} ${address.postal_code}`}
    </address>
  );
}
