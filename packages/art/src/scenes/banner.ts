/** The front-design banner for the add-to-bag slideshow: the print large on a wide band in its palette. */
import { SHIRTS } from '../palettes.ts';
import type { ResolvedDesign } from '../print.ts';
import { rect, svgDoc } from '../svg.ts';
import { embedPrint } from './common.ts';

export const BANNER_W = 1200;
export const BANNER_H = 500;

export function bannerSvg(d: ResolvedDesign): string {
  const p = d.palette;
  const parts = [rect(0, 0, BANNER_W, BANNER_H, d.dark ? SHIRTS[d.spec.shirt] : p.light)];
  // retro racing stripes passing behind the badge, thick to thin away from its centre
  const cy = 282;
  const stripes: [string, number][] = [
    [p.deep, 56],
    [p.mid, 26],
    [p.accent, 14],
  ];
  let off = 0;
  for (const [colour, h] of stripes) {
    parts.push(rect(0, cy - off - h, BANNER_W, h, colour), rect(0, cy + off, BANNER_W, h, colour));
    off += h + 10;
  }
  parts.push(rect(0, cy - 2, BANNER_W, 4, d.dark ? SHIRTS[d.spec.shirt] : p.light));
  parts.push(embedPrint(d, 360, 0, 480));
  return svgDoc(BANNER_W, BANNER_H, parts.join(''));
}
