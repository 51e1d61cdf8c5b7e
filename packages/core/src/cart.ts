import type { Cents } from './money.ts';
import type { DesignName } from './designs.ts';
import type { SizeCode } from './sizes.ts';

/** Spec 5: at most 10 of one line; quantity options 1 to 10. */
export const MAX_LINE_QUANTITY = 10;
export const QUANTITY_OPTIONS = Array.from({ length: MAX_LINE_QUANTITY }, (_, i) => i + 1);

export const POSITIONS = ['Front', 'Back'] as const;
export type Position = (typeof POSITIONS)[number];
export const POSITION_LABELS: Record<Position, string> = {
  Front: 'Front (logo on neck)',
  Back: 'Back (logo on left chest)',
};

export const MESSAGES = {
  allFieldsRequired: 'all fields are required',
  invalidFieldValues: 'invalid field values',
  maxQuantity: 'Max quantity reached for this product',
} as const;

/** Spec 3: a cart line. productCost is in cents here (the UI divides by 100). */
export interface CartLine {
  id: string;
  productId: string;
  /** Random integer below one billion. */
  itemId: number;
  priceId: string;
  quantity: number;
  productCost: Cents;
  size: SizeCode;
  position: Position;
  design: DesignName;
}

export function newItemId(random: () => number = Math.random): number {
  return Math.floor(random() * 1_000_000_000);
}

/** Two lines are the same when product, size, position and design match. */
export function sameLine(
  a: Pick<CartLine, 'productId' | 'size' | 'position' | 'design'>,
  b: Pick<CartLine, 'productId' | 'size' | 'position' | 'design'>,
): boolean {
  return (
    a.productId === b.productId &&
    a.size === b.size &&
    a.position === b.position &&
    a.design === b.design
  );
}

const ALNUM = /^[A-Za-z0-9]+$/;

/** Spec 5, add to bag: all three chosen, each letters and digits only. */
export function validateAddToBag(fields: {
  size: string | undefined;
  position: string | undefined;
  quantity: string | number | undefined;
}): string | null {
  const values = [fields.size, fields.position, fields.quantity].map((v) =>
    v === undefined || v === null ? '' : String(v).trim(),
  );
  if (values.some((v) => v === '')) return MESSAGES.allFieldsRequired;
  if (values.some((v) => !ALNUM.test(v))) return MESSAGES.invalidFieldValues;
  const qty = Number(values[2]);
  if (!Number.isInteger(qty) || qty < 1 || qty > MAX_LINE_QUANTITY)
    return MESSAGES.invalidFieldValues;
  return null;
}

export interface AddResult {
  lines: CartLine[];
  /** Set when the line hit the cap: 'Max quantity reached for this product'. */
  message: string | null;
}

/** Adding to an existing line adds up, capped at 10 with a message. Returns new arrays. */
export function addLine(lines: readonly CartLine[], line: CartLine): AddResult {
  const index = lines.findIndex((l) => sameLine(l, line));
  if (index === -1) {
    const quantity = Math.min(line.quantity, MAX_LINE_QUANTITY);
    return {
      lines: [...lines, { ...line, quantity }],
      message: line.quantity > MAX_LINE_QUANTITY ? MESSAGES.maxQuantity : null,
    };
  }
  const existing = lines[index]!;
  const total = existing.quantity + line.quantity;
  const capped = total > MAX_LINE_QUANTITY;
  const next = lines.slice();
  next[index] = { ...existing, quantity: Math.min(total, MAX_LINE_QUANTITY) };
  return { lines: next, message: capped ? MESSAGES.maxQuantity : null };
}

export function setLineQuantity(
  lines: readonly CartLine[],
  itemId: number,
  quantity: number,
): CartLine[] {
  const q = Math.max(1, Math.min(MAX_LINE_QUANTITY, Math.trunc(quantity)));
  return lines.map((l) => (l.itemId === itemId ? { ...l, quantity: q } : l));
}

export function removeLine(lines: readonly CartLine[], itemId: number): CartLine[] {
  return lines.filter((l) => l.itemId !== itemId);
}

export function totalQuantity(lines: readonly Pick<CartLine, 'quantity'>[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

export function subtotal(lines: readonly Pick<CartLine, 'quantity' | 'productCost'>[]): Cents {
  return lines.reduce((sum, l) => sum + l.quantity * l.productCost, 0);
}

/**
 * Spec 4, first sign-in: the local cart merges into the server cart. Lines match by size, design and
 * position; the larger quantity wins. A merged line never exceeds 10.
 */
export function mergeCarts(server: readonly CartLine[], local: readonly CartLine[]): CartLine[] {
  const merged = server.map((l) => ({ ...l, quantity: Math.min(l.quantity, MAX_LINE_QUANTITY) }));
  for (const line of local) {
    const index = merged.findIndex(
      (m) => m.size === line.size && m.design === line.design && m.position === line.position,
    );
    if (index === -1)
      merged.push({ ...line, quantity: Math.min(line.quantity, MAX_LINE_QUANTITY) });
    else {
      const m = merged[index]!;
      merged[index] = {
        ...m,
        quantity: Math.min(Math.max(m.quantity, line.quantity), MAX_LINE_QUANTITY),
      };
    }
  }
  return merged;
}
