import { addressLines, type AddressParts } from './order-format.ts';
import './orders.css';

/** A name and a US address on three lines: "600 E Trade St, Apt 2" and "Charlotte, NC 28202". */
export function PostalAddress({ name, address }: { name: string; address: AddressParts }) {
  const [street, place] = addressLines(address);
  return (
    <address className="postal-address">
      {name}
      <br />
      {street}
      <br />
      {place}
    </address>
  );
}
