/**
 * The graphic-placement illustration. Front = the print on the front, the logo at the back of
 * the neck. Back = the print on the back, the logo on the left chest.
 */
import { capHeight, textPath } from '../lettering.ts';
import type { ResolvedDesign } from '../print.ts';
import { path, rect, svgDoc } from '../svg.ts';
import { blurFilter } from './common.ts';
import { chestLogo, neckLogo, shirtAt, shirtPrint } from './collection.ts';

export const PLACEMENT_W = 1200;
export const PLACEMENT_H = 600;

export function placementSvg(d: ResolvedDesign): string {
  const shirt = d.spec.shirt;
  // each pair of shirts sits whole inside its panel, sleeves clear of the panel's edges
  const s = 0.5;
  const print = shirtPrint(d);
  const chest = chestLogo(shirt);
  const shirts = [
    shirtAt('a', shirt, 'front', 162, 140, s, print),
    shirtAt('b', shirt, 'back', 438, 140, s, neckLogo(shirt, 30)),
    shirtAt('c', shirt, 'front', 762, 140, s, chest),
    shirtAt('d', shirt, 'back', 1038, 140, s, print),
  ];
  const text = (
    t: string,
    x: number,
    y: number,
    size: number,
    font: 'display' | 'displayMedium',
    fill: string,
    tracking = 0.1,
  ) => path(textPath(t, x, y + capHeight(size, font), { font, size, tracking }).d, fill);
  const body = [
    rect(0, 0, PLACEMENT_W, PLACEMENT_H, '#f3f0ea'),
    rect(20, 20, 560, 560, '#ebe6dd', { rx: 28 }),
    rect(620, 20, 560, 560, '#ebe6dd', { rx: 28 }),
    text('FRONT', 300, 44, 40, 'display', '#1f2a44'),
    text('BACK', 900, 44, 40, 'display', '#1f2a44'),
    ...shirts.map((x) => x.body),
    text('PRINT ON FRONT · LOGO ON NECK', 300, 530, 22, 'displayMedium', '#5d554c', 0.12),
    text('PRINT ON BACK · LOGO ON LEFT CHEST', 900, 530, 22, 'displayMedium', '#5d554c', 0.12),
  ];
  return svgDoc(
    PLACEMENT_W,
    PLACEMENT_H,
    body.join(''),
    blurFilter('soft', 10) + shirts.map((x) => x.defs).join(''),
  );
}
