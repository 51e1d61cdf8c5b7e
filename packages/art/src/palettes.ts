/**
 * The palette system: eight families of five flat inks (a screen print uses 3-5 inks plus the shirt).
 * Each design takes one family and shifts it (hue and lightness) so designs in a family differ.
 */
export type PaletteFamily =
  'sunset' | 'ocean' | 'forest' | 'desert' | 'arctic' | 'links' | 'tropical' | 'dawn';

/** Ink roles, darkest to lightest-ish. Scenes only ever paint with these five. */
export interface Palette {
  family: PaletteFamily;
  /** Outlines, lettering and the nearest silhouettes. */
  ink: string;
  /** Far land, deep water. */
  deep: string;
  /** Mid-ground, second sky band. */
  mid: string;
  /** The sun, flags, one hot accent. */
  accent: string;
  /** Highlights, snow, foam, the palest sky. */
  light: string;
}

export const FAMILIES: Record<PaletteFamily, Omit<Palette, 'family'>> = {
  sunset: { ink: '#2f1b33', deep: '#c9412e', mid: '#ef8a35', accent: '#f7c848', light: '#fdecd2' },
  ocean: { ink: '#14294a', deep: '#1f7890', mid: '#5ec4c6', accent: '#f0c987', light: '#f6f0e2' },
  forest: { ink: '#1d2c23', deep: '#2f5e3c', mid: '#86a350', accent: '#e0913a', light: '#f3e8cf' },
  desert: { ink: '#3b2320', deep: '#b6532c', mid: '#dca33e', accent: '#8fa87c', light: '#f7e5c6' },
  arctic: { ink: '#1b2447', deep: '#6b5bc8', mid: '#8dd2ee', accent: '#7fe3b2', light: '#f5f9ff' },
  links: { ink: '#153a29', deep: '#2e8a3f', mid: '#a3cf67', accent: '#d7283d', light: '#fbfbf4' },
  tropical: {
    ink: '#15383f',
    deep: '#129c9c',
    mid: '#ff7a5a',
    accent: '#ffc94d',
    light: '#fff0da',
  },
  dawn: { ink: '#3e2c50', deep: '#9f86c8', mid: '#f4a68a', accent: '#f3d27c', light: '#fff4e7' },
};

/** The shirt colours (spec: white, heather grey, light blue, sand, sage, navy). */
export const SHIRTS = {
  white: '#f6f5f1',
  heather: '#c8c8c6',
  lightBlue: '#bcd6ea',
  sand: '#e4d2b2',
  sage: '#b5c3a3',
  navy: '#22304a',
} as const;
export type ShirtColour = keyof typeof SHIRTS;

export const isDarkShirt = (shirt: ShirtColour): boolean => shirt === 'navy';

// ---- colour arithmetic -------------------------------------------------------------

type Hsl = [number, number, number];

export function hexToHsl(hex: string): Hsl {
  const v = parseInt(hex.slice(1), 16);
  const r = ((v >> 16) & 255) / 255;
  const g = ((v >> 8) & 255) / 255;
  const b = (v & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

export function hslToHex([h, s, l]: Hsl): string {
  const hue = ((h % 360) + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    hue < 60
      ? [c, x, 0]
      : hue < 120
        ? [x, c, 0]
        : hue < 180
          ? [0, c, x]
          : hue < 240
            ? [0, x, c]
            : hue < 300
              ? [x, 0, c]
              : [c, 0, x];
  const to = (v: number) =>
    Math.round(Math.max(0, Math.min(1, v + m)) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${to(r)}${to(g)}${to(b)}`;
}

/** Shift a colour's hue (degrees) and lightness (-1..1, fraction of the way to black/white). */
export function shiftColour(hex: string, hue: number, light = 0): string {
  const [h, s, l] = hexToHsl(hex);
  const nl = light >= 0 ? l + (1 - l) * light : l * (1 + light);
  return hslToHex([h + hue, s, nl]);
}

/** Mix two colours; t = 0 gives a, 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const ch = (shift: number) =>
    Math.round(((pa >> shift) & 255) * (1 - t) + ((pb >> shift) & 255) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${ch(16)}${ch(8)}${ch(0)}`;
}

export interface PaletteShift {
  /** Degrees added to every ink's hue except the near-neutral light and ink. */
  hue?: number;
  /** Overrides for single inks, after the shift. */
  inks?: Partial<Omit<Palette, 'family'>>;
}

export function palette(family: PaletteFamily, shift: PaletteShift = {}): Palette {
  const base = FAMILIES[family];
  const hue = shift.hue ?? 0;
  const shifted: Omit<Palette, 'family'> = {
    ink: shiftColour(base.ink, hue / 2),
    deep: shiftColour(base.deep, hue),
    mid: shiftColour(base.mid, hue),
    accent: shiftColour(base.accent, hue / 2),
    light: base.light,
  };
  return { family, ...shifted, ...shift.inks };
}
