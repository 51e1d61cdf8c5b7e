/** Spec 3: size codes, their labels and the display order (short sizes, a separator, regular sizes). */
export const SHORT_SIZES = ['xss', 'sms', 'mds', 'lgs', 'xls'] as const;
export const REGULAR_SIZES = ['smr', 'mdr', 'lgr', 'xlr', 'xxlr'] as const;
export const SIZE_CODES = [...SHORT_SIZES, ...REGULAR_SIZES] as const;

export type ShortSize = (typeof SHORT_SIZES)[number];
export type RegularSize = (typeof REGULAR_SIZES)[number];
export type SizeCode = (typeof SIZE_CODES)[number];
export type SizeLength = 'short' | 'regular';

export interface SizeInfo {
  code: SizeCode;
  /** "XS", "SM", ... */
  size: string;
  length: SizeLength;
  /** "XS - Short" */
  label: string;
  /** "XS S": the trailing S or R is shown as a badge. */
  badge: 'S' | 'R';
}

const NAMES: Record<SizeCode, string> = {
  xss: 'XS',
  sms: 'SM',
  mds: 'MD',
  lgs: 'LG',
  xls: 'XL',
  smr: 'SM',
  mdr: 'MD',
  lgr: 'LG',
  xlr: 'XL',
  xxlr: 'XXL',
};

export function isSizeCode(value: unknown): value is SizeCode {
  return typeof value === 'string' && (SIZE_CODES as readonly string[]).includes(value);
}

export function sizeInfo(code: SizeCode): SizeInfo {
  const length: SizeLength = (SHORT_SIZES as readonly string[]).includes(code)
    ? 'short'
    : 'regular';
  return {
    code,
    size: NAMES[code],
    length,
    label: `${NAMES[code]} - ${length === 'short' ? 'Short' : 'Regular'}`,
    badge: length === 'short' ? 'S' : 'R',
  };
}

/** A stored size in words: "MD - Regular" for a size code, anything else as it is. */
export function sizeLabel(size: string): string {
  return isSizeCode(size) ? sizeInfo(size).label : size;
}

export const SIZES: readonly SizeInfo[] = SIZE_CODES.map(sizeInfo);
