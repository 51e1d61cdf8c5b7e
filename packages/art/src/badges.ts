/**
 * Badge shapes, one per design family. Every shape is drawn inside the same 600 x 600 box,
 * so a scene drawn for that box fits any badge.
 */
import type { PaletteFamily } from './palettes.ts';
import { n, poly, type Point } from './svg.ts';

export type BadgeShape = 'circle' | 'arch' | 'shield' | 'rounded' | 'hexagon' | 'pennant' | 'oval';

export const BOX = 600;

/**
 * Each family's usual shape. Designs declare their own badge in their composition, so a family
 * can wear several and related designs can be told apart (see composition.ts).
 */
export const FAMILY_BADGE: Record<PaletteFamily, BadgeShape> = {
  sunset: 'circle',
  dawn: 'circle',
  ocean: 'rounded',
  forest: 'shield',
  desert: 'arch',
  arctic: 'hexagon',
  links: 'pennant',
  tropical: 'oval',
};

/** Path data of the badge outline in the 600 box, optionally inset by `inset` units. */
export function badgePath(shape: BadgeShape, inset = 0): string {
  const a = inset;
  const b = BOX - inset;
  const c = BOX / 2;
  switch (shape) {
    case 'circle': {
      const r = c - inset;
      return `M${n(c - r)} ${n(c)}A${n(r)} ${n(r)} 0 1 1 ${n(c + r)} ${n(c)}A${n(r)} ${n(r)} 0 1 1 ${n(c - r)} ${n(c)}Z`;
    }
    case 'oval': {
      const rx = 250 - inset;
      const ry = c - inset;
      return `M${n(c - rx)} ${n(c)}A${n(rx)} ${n(ry)} 0 1 1 ${n(c + rx)} ${n(c)}A${n(rx)} ${n(ry)} 0 1 1 ${n(c - rx)} ${n(c)}Z`;
    }
    case 'arch': {
      const r = c - inset;
      return `M${n(a + 20)} ${n(b)}L${n(a + 20)} ${n(c)}A${n(r - 20)} ${n(r - 20)} 0 0 1 ${n(b - 20)} ${n(c)}L${n(b - 20)} ${n(b)}Z`;
    }
    case 'rounded': {
      const r = 90 - inset * 0.5;
      return `M${n(a + r)} ${n(a)}H${n(b - r)}Q${n(b)} ${n(a)} ${n(b)} ${n(a + r)}V${n(b - r)}Q${n(b)} ${n(b)} ${n(b - r)} ${n(b)}H${n(a + r)}Q${n(a)} ${n(b)} ${n(a)} ${n(b - r)}V${n(a + r)}Q${n(a)} ${n(a)} ${n(a + r)} ${n(a)}Z`;
    }
    case 'shield': {
      const top = a + 10;
      const l = a + 30;
      const r = b - 30;
      return `M${n(l)} ${n(top)}Q${n(c)} ${n(top + 34)} ${n(r)} ${n(top)}L${n(r)} ${n(c + 10)}C${n(r)} ${n(b - 120)} ${n(c + 120)} ${n(b - 40)} ${n(c)} ${n(b)}C${n(c - 120)} ${n(b - 40)} ${n(l)} ${n(b - 120)} ${n(l)} ${n(c + 10)}Z`;
    }
    case 'hexagon': {
      const r = c - inset;
      const pts: Point[] = [];
      for (let i = 0; i < 6; i++) {
        const t = ((60 * i - 90) * Math.PI) / 180;
        pts.push([c + r * Math.cos(t), c + r * Math.sin(t)]);
      }
      return poly(pts);
    }
    case 'pennant': {
      const l = a + 40;
      const r = b - 40;
      return poly([
        [l, a],
        [r, a],
        [r, b],
        [c, b - 90 + inset * 0.6],
        [l, b],
      ]);
    }
  }
}

/** Where the badge's lower edge sits at its centre line (for placing a ribbon). */
export function badgeBottom(shape: BadgeShape): number {
  return shape === 'pennant' ? BOX - 90 : BOX;
}
