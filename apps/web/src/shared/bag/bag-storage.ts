import { addLine, type CartLine } from '@sunward/core/cart';

/** Spec 4: the guest cart lives in local storage under this key, as a JSON array of cart lines. */
export const CART_STORAGE_KEY = 'cart';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // Storage can be blocked (privacy settings): the bag then lives in memory only.
  }
}

/** Validates one stored line: the line itself (only its known fields), or null when it is not valid. */
export type LineParser = (item: unknown) => CartLine | null;

/**
 * Reads the stored bag. Anything that is not valid JSON, not an array, or a line that fails the schema
 * (unknown design or size, bad quantity) is dropped without a crash. Duplicates of a line add up (capped).
 */
export function readStoredLines(parser: LineParser): CartLine[] {
  const raw = storage()?.getItem(CART_STORAGE_KEY);
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  let lines: CartLine[] = [];
  const itemIds = new Set<number>();
  for (const item of data) {
    const line = parser(item);
    if (!line || itemIds.has(line.itemId)) continue;
    itemIds.add(line.itemId);
    lines = addLine(lines, line).lines;
  }
  return lines;
}

export function writeStoredLines(lines: readonly CartLine[]): void {
  const store = storage();
  if (!store) return;
  try {
    if (lines.length === 0) store.removeItem(CART_STORAGE_KEY);
    else store.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Quota or privacy errors: keep the in-memory bag.
  }
}
