/**
 * Lettering: text turned into outlines with opentype.js, so every machine draws identical pixels.
 * Fonts come from npm (@fontsource/oswald, @fontsource/inter). We lay glyphs out ourselves
 * (advance + kerning): opentype.js's shaper chokes on some of Oswald's GSUB lookups.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';
import type { Font, PathCommand } from 'opentype.js';
import { n } from './svg.ts';

export type FontName = 'display' | 'displayMedium' | 'body';

const FILES: Record<FontName, string> = {
  display: '@fontsource/oswald/files/oswald-latin-700-normal.woff',
  displayMedium: '@fontsource/oswald/files/oswald-latin-500-normal.woff',
  body: '@fontsource/inter/files/inter-latin-700-normal.woff',
};

const require = createRequire(import.meta.url);
const cache = new Map<FontName, Font>();

export function loadFont(name: FontName): Font {
  let font = cache.get(name);
  if (!font) {
    const buf = readFileSync(require.resolve(FILES[name]));
    font = opentype.parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
    cache.set(name, font);
  }
  return font;
}

/** The font files, so the build can fold them into its cache keys. */
export function fontFiles(): string[] {
  return Object.values(FILES).map((f) => require.resolve(f));
}

export interface TextOptions {
  font?: FontName;
  size: number;
  /** Extra space between letters, in em. */
  tracking?: number;
}

interface Laid {
  char: string;
  x: number;
  advance: number;
}

function layout(
  text: string,
  { font = 'display', size, tracking = 0 }: TextOptions,
): {
  glyphs: Laid[];
  width: number;
} {
  const f = loadFont(font);
  const scale = size / f.unitsPerEm;
  const glyphs: Laid[] = [];
  let x = 0;
  let prev: ReturnType<Font['charToGlyph']> | undefined;
  for (const char of text) {
    const g = f.charToGlyph(char);
    if (prev) x += f.getKerningValue(prev, g) * scale;
    const advance = (g.advanceWidth ?? 0) * scale;
    glyphs.push({ char, x, advance });
    x += advance + tracking * size;
    prev = g;
  }
  return { glyphs, width: Math.max(0, x - tracking * size) };
}

export function measure(text: string, opts: TextOptions): number {
  return layout(text, opts).width;
}

/** Cap height of a font at a size (for vertical centring). */
export function capHeight(size: number, font: FontName = 'display'): number {
  const f = loadFont(font);
  return ((f.tables.os2?.sCapHeight ?? f.ascender * 0.7) / f.unitsPerEm) * size;
}

/** The largest size (<= maxSize) at which the text fits maxWidth. */
export function fitSize(
  text: string,
  maxWidth: number,
  maxSize: number,
  opts: Omit<TextOptions, 'size'> = {},
) {
  const w = measure(text, { ...opts, size: 100 });
  return Math.min(maxSize, (maxWidth / w) * 100);
}

type Transform = (x: number, y: number) => [number, number];

function commandsToD(commands: PathCommand[], t: Transform): string {
  let d = '';
  for (const c of commands) {
    if (c.type === 'Z') {
      d += 'Z';
      continue;
    }
    const pts: [number, number][] = [];
    if (c.type === 'C') pts.push(t(c.x1!, c.y1!), t(c.x2!, c.y2!));
    if (c.type === 'Q') pts.push(t(c.x1!, c.y1!));
    pts.push(t(c.x!, c.y!));
    d += c.type + pts.map(([x, y]) => `${n(x)} ${n(y)}`).join(' ');
  }
  return d;
}

export type Anchor = 'start' | 'middle' | 'end';

/** Outlined text on a straight baseline. Returns the path data and the width. */
export function textPath(
  text: string,
  x: number,
  y: number,
  opts: TextOptions & { anchor?: Anchor },
): { d: string; width: number } {
  const { glyphs, width } = layout(text, opts);
  const f = loadFont(opts.font ?? 'display');
  const anchor = opts.anchor ?? 'middle';
  const x0 = anchor === 'start' ? x : anchor === 'middle' ? x - width / 2 : x - width;
  let d = '';
  for (const g of glyphs) {
    const p = f.charToGlyph(g.char).getPath(x0 + g.x, y, opts.size);
    d += commandsToD(p.commands, (px, py) => [px, py]);
  }
  return { d, width };
}

/**
 * Outlined text along a circular arc, centred on `angle` (degrees; -90 is the top of the circle).
 * `side: 'top'` reads clockwise with letters standing on the arc (baseline radius r);
 * `side: 'bottom'` reads anticlockwise along the bottom with letters hanging inward from radius r.
 */
export function arcTextPath(
  text: string,
  cx: number,
  cy: number,
  r: number,
  opts: TextOptions & { side?: 'top' | 'bottom'; angle?: number },
): { d: string; sweep: number } {
  const side = opts.side ?? 'top';
  const { glyphs, width } = layout(text, opts);
  const f = loadFont(opts.font ?? 'display');
  const centre = ((opts.angle ?? (side === 'top' ? -90 : 90)) * Math.PI) / 180;
  const dir = side === 'top' ? 1 : -1;
  const radius = side === 'top' ? r : r;
  let d = '';
  for (const g of glyphs) {
    const mid = g.x + g.advance / 2 - width / 2;
    const theta = centre + (dir * mid) / radius;
    const rot = theta + (dir * Math.PI) / 2;
    const bx = cx + radius * Math.cos(theta);
    const by = cy + radius * Math.sin(theta);
    const cos = Math.cos(rot);
    const sin = Math.sin(rot);
    const p = f.charToGlyph(g.char).getPath(-g.advance / 2, 0, opts.size);
    d += commandsToD(p.commands, (px, py) => [bx + px * cos - py * sin, by + px * sin + py * cos]);
  }
  return { d, sweep: (width / radius) * (180 / Math.PI) };
}
