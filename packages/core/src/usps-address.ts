/**
 * Address normalisation in the style of USPS Publication 28: upper case, no punctuation, standard
 * abbreviations for street suffixes (appendix C1), directionals (section 233) and secondary unit
 * designators (appendix C2), and the secondary unit moved from line 1 to line 2.
 */
import { DIRECTIONALS, SECONDARY_UNITS, STREET_SUFFIXES } from './usps-abbreviations.ts';

function words(input: string): string[] {
  return input
    .toUpperCase()
    .replace(/[.,]/g, ' ')
    .replace(/#\s*/g, '# ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Designators that take a number and may be typed at the end of line 1 ("123 Main St Apt 4"). */
const RANGED_UNITS = new Set([
  '#',
  'APT',
  'APARTMENT',
  'STE',
  'SUITE',
  'UNIT',
  'RM',
  'ROOM',
  'BLDG',
  'BUILDING',
  'FL',
  'FLOOR',
  'LOT',
  'TRLR',
  'TRAILER',
  'SPC',
  'SPACE',
  'DEPT',
  'DEPARTMENT',
  'OFC',
  'OFFICE',
]);

/** Splits "123 Main Street Apt 4" into the primary line and "APT 4". */
function splitSecondary(tokens: string[]): { primary: string[]; secondary: string[] } {
  for (let i = 2; i < tokens.length - 1; i++) {
    if (RANGED_UNITS.has(tokens[i]!)) {
      return { primary: tokens.slice(0, i), secondary: tokens.slice(i) };
    }
  }
  return { primary: tokens, secondary: [] };
}

function normalizePrimary(tokens: string[]): string {
  if (tokens.length === 0) return '';
  const out = tokens.slice();
  // P.O. Box: "P O BOX", "PO BOX", "POST OFFICE BOX" -> "PO BOX".
  const joined = out.join(' ');
  const box = /^(P ?O|POST OFFICE) ?BOX (\S+)$/.exec(joined);
  if (box) return `PO BOX ${box[2]}`;
  // The suffix is the last word that is a known suffix (after the house number and the name).
  for (let i = out.length - 1; i >= 2; i--) {
    const std = STREET_SUFFIXES[out[i]!];
    if (std) {
      out[i] = std;
      break;
    }
    if (!DIRECTIONALS[out[i]!] && !/^[NSEW]{1,2}$/.test(out[i]!)) break;
  }
  // Directionals right after the number or at the end.
  for (const i of [1, out.length - 1]) {
    const d = DIRECTIONALS[out[i] ?? ''];
    if (d && out.length > 3) out[i] = d;
  }
  return out.join(' ');
}

function normalizeSecondary(tokens: string[]): string {
  if (tokens.length === 0) return '';
  const [first, ...rest] = tokens;
  if (first === '#') return `# ${rest.join(' ')}`.trim();
  const std = SECONDARY_UNITS[first!];
  return [std ?? first, ...rest].join(' ');
}

export interface StreetLines {
  streetAddress: string;
  secondaryAddress: string;
}

export function normalizeStreet(line1: string, line2 = ''): StreetLines {
  const { primary, secondary } = splitSecondary(words(line1));
  const extra = words(line2);
  return {
    streetAddress: normalizePrimary(primary),
    secondaryAddress: normalizeSecondary(extra.length ? extra : secondary),
  };
}

/** A primary line USPS could deliver to: a house number and a street name, or a PO box. */
export function primaryLineProblem(streetAddress: string): string | null {
  if (/^PO BOX \S+$/.test(streetAddress)) return null;
  if (!/^\d[\dA-Z-/]*\s+\S+/.test(streetAddress)) {
    return 'The street address needs a house number and a street name, for example "123 Main St".';
  }
  return null;
}

export function normalizeCity(city: string): string {
  return words(city).join(' ');
}
