/** The Sunward brand mark: a banded sun rising over two waves, and the wordmark as outlines. */
import { capHeight, textPath } from './lettering.ts';
import { bandedSun } from './motifs/sun.ts';
import { group, n, path, svgDoc } from './svg.ts';

/** A wavy band from x0 to x1 along y, `th` thick. */
function wave(x0: number, x1: number, y: number, th: number, amp: number, fill: string): string {
  const top: string[] = [];
  const bottom: string[] = [];
  for (let x = x0; x <= x1; x += 2) {
    const dy = Math.sin(((x - x0) / 28) * Math.PI * 2) * amp * 0.6;
    top.push(`${n(x)} ${n(y + dy)}`);
    bottom.unshift(`${n(x)} ${n(y + dy + th)}`);
  }
  return path(`M${top.join('L')}L${bottom.join('L')}Z`, fill);
}

export const BRAND = { ink: '#1f2a44', sun: '#ef7d32', gold: '#f5b841', paper: '#fbf6ec' } as const;

/** The sun-and-waves mark in a 120 x 100 box. */
export function brandMark(ink: string = BRAND.ink, sun: string = BRAND.sun): string {
  return group([
    bandedSun(60, 62, 46, sun, 3, -0.25, 62),
    wave(8, 112, 70, 8, 5, ink),
    wave(22, 98, 86, 7, 4, ink),
  ]);
}

/**
 * The app icon (favicon, home-screen icon): the mark on a paper tile, 128 x 128. The tile is opaque and
 * the mark keeps clear of the corners, so platforms that mask icons to a circle or a squircle keep it whole.
 */
export function brandIconSvg(): string {
  return svgDoc(
    128,
    128,
    path('M0 0H128V128H0Z', BRAND.paper) +
      group(brandMark(), { transform: 'translate(16 19.6) scale(0.8)' }),
  );
}

/** The horizontal lock-up: mark + SUNWARD + a small line. */
export function brandLogoSvg(ink: string = BRAND.ink): string {
  const size = 72;
  const word = textPath('SUNWARD', 150, 20 + capHeight(size), {
    size,
    tracking: 0.08,
    anchor: 'start',
  });
  const sub = textPath('UPF 50+ SUN SHIRTS', 152, 122, {
    font: 'displayMedium',
    size: 20,
    tracking: 0.32,
    anchor: 'start',
  });
  const w = Math.ceil(150 + Math.max(word.width, sub.width) + 10);
  return svgDoc(
    w,
    130,
    group(brandMark(ink), { transform: 'translate(8 12)' }) +
      path(word.d, ink) +
      path(sub.d, BRAND.sun),
  );
}
