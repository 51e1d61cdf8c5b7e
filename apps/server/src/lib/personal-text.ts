/**
 * The text side of personal data (lib/personal-data.ts): the strings that name a person in the shop's
 * JSON (addresses, the card sandbox's billing details), an address reduced to what the tax records
 * need, and the scrubber that replaces a person's identifiers in the free text the shop keeps.
 */

/** What an identifier becomes in the text kept after an erasure. */
export const ERASED_TEXT = '[erased]';

/** Keys whose values name a person in the shop's JSON (addresses, the sandbox's billing details). */
const PERSONAL_KEYS = new Set(['line1', 'line2', 'name', 'email', 'phone']);

/** The personal strings of a JSON text, at any depth. */
export function personalStrings(json: string | null): string[] {
  if (!json) return [];
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (typeof inner === 'string' && PERSONAL_KEYS.has(key)) out.push(inner);
      else walk(inner);
    }
  };
  try {
    walk(JSON.parse(json));
  } catch {
    // Not JSON: nothing to find.
  }
  return out;
}

/**
 * An address as JSON without its person: the state, ZIP code and country stay (the sales-tax records
 * need where a sale was taxed), the street lines and city go.
 */
export function taxOnlyAddress(json: string | null): string | null {
  if (json === null) return null;
  try {
    const a = JSON.parse(json) as Record<string, unknown>;
    const keep: Record<string, unknown> = {};
    for (const key of ['state', 'postal_code', 'country']) if (key in a) keep[key] = a[key];
    return JSON.stringify(keep);
  } catch {
    return '{}';
  }
}

/** Replaces each identifier (any case) with ERASED_TEXT; identifiers longest first. */
export function scrubberFor(identifiers: readonly string[]): (text: string) => string {
  if (identifiers.length === 0) return (text) => text;
  const escaped = identifiers.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(escaped.join('|'), 'gi');
  return (text) => text.replace(pattern, ERASED_TEXT);
}

/** An email as the person records compare them: trimmed, lowercase ('' for none). */
export const lowerEmail = (email: string | null | undefined): string =>
  (email ?? '').trim().toLowerCase();

/** Adds `values` to `list`, skipping empty ones and those already there. */
export function addDistinct(list: string[], values: readonly string[]): void {
  for (const value of values) if (value !== '' && !list.includes(value)) list.push(value);
}

/** A JSON column as the export shows it: its value (a text that is not JSON stays as it is). */
export function exportedJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
