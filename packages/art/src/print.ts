/**
 * The print artwork: the badge (scene clipped to the design's shape, ringed in ink) plus the
 * design's title as outlined lettering, arched over the badge, on a ribbon across its foot or as a
 * bold block under it (the composition's layout). Transparent background; 1000 x 1000 units.
 */
import { BOX, badgePath, type BadgeShape } from './badges.ts';
import type { DesignSpec } from './design-spec.ts';
import { arcTextPath, capHeight, fitSize, measure, textPath } from './lettering.ts';
import { isDarkShirt, palette, type Palette } from './palettes.ts';
import { createRng } from './rng.ts';
import { el, group, n, path, poly, rect, svgDoc } from './svg.ts';

export const PRINT_SIZE = 1000;

export interface ResolvedDesign {
  name: string;
  title: string;
  spec: DesignSpec;
  palette: Palette;
  badge: BadgeShape;
  dark: boolean;
}

export function resolveDesign(name: string, title: string, spec: DesignSpec): ResolvedDesign {
  return {
    name,
    title,
    spec,
    palette: palette(spec.family, spec.shift),
    badge: spec.composition.badge,
    dark: isDarkShirt(spec.shirt),
  };
}

/**
 * Every word the print letters: the title and the place or activity line. Product claims and dates
 * ('UPF 50+', 'Est. 2025') never appear here (art direction; composition.test.ts checks).
 */
export function printText(d: ResolvedDesign): { title: string; tagline: string } {
  return { title: d.title.toUpperCase(), tagline: d.spec.tagline.toUpperCase() };
}

/** The badge alone (scene + rings) in the 600 box, with clip ids made unique by `id`. */
export function badgeArt(
  d: ResolvedDesign,
  id: string,
  opts: { outerKey?: boolean } = {},
): { defs: string; body: string } {
  const p = d.palette;
  const shape = badgePath(d.badge);
  const clip = `clip-${id}`;
  const scene = d.spec.scene({ p, rng: createRng(d.name) });
  const inner = group(path(shape, 'none', { stroke: p.light, 'stroke-width': 5 }), {
    transform: `translate(${BOX / 2} ${BOX / 2}) scale(0.93) translate(${-BOX / 2} ${-BOX / 2})`,
  });
  const body = [
    opts.outerKey
      ? path(shape, p.light, { stroke: p.light, 'stroke-width': 52, 'stroke-linejoin': 'round' })
      : '',
    path(shape, p.light),
    group(scene, { 'clip-path': `url(#${clip})` }),
    inner,
    path(shape, 'none', { stroke: p.ink, 'stroke-width': 26, 'stroke-linejoin': 'round' }),
  ].join('');
  return { defs: el('clipPath', { id: clip }, path(shape, '#000')), body };
}

/** A straight ribbon banner with folded swallowtail ends. */
function ribbon(cx: number, y: number, w: number, h: number, face: string, fold: string): string {
  const l = cx - w / 2;
  const r = cx + w / 2;
  const tail = h * 0.9;
  const drop = h * 0.32;
  return [
    path(
      poly([
        [l - tail, y + drop],
        [l + 30, y + drop],
        [l + 30, y + h + drop],
        [l - tail, y + h + drop],
        [l - tail + h * 0.35, y + drop + h / 2],
      ]),
      fold,
    ),
    path(
      poly([
        [r + tail, y + drop],
        [r - 30, y + drop],
        [r - 30, y + h + drop],
        [r + tail, y + h + drop],
        [r + tail - h * 0.35, y + drop + h / 2],
      ]),
      fold,
    ),
    path(
      poly([
        [l, y + h],
        [l + 30, y + h + drop],
        [l + 30, y + h],
      ]),
      '#000',
      { opacity: 0.35 },
    ),
    path(
      poly([
        [r, y + h],
        [r - 30, y + h + drop],
        [r - 30, y + h],
      ]),
      '#000',
      { opacity: 0.35 },
    ),
    path(
      poly([
        [l, y],
        [r, y],
        [r, y + h],
        [l, y + h],
      ]),
      face,
    ),
  ].join('');
}

export function printSvg(d: ResolvedDesign): string {
  const p = d.palette;
  const { title, tagline } = printText(d);
  const textInk = d.dark ? p.light : p.ink;
  const { defs, body } = badgeArt(d, d.name, { outerKey: d.dark });
  const parts: string[] = [];
  const layout = d.spec.composition.layout;
  if (layout === 'arc') {
    // badge 660 wide centred at (500, 570); title arched over it, tagline ribbon across its foot
    const s = 1.1;
    const cx = 500;
    const cy = 575;
    parts.push(
      group(body, {
        transform: `translate(${cx - (BOX * s) / 2} ${cy - (BOX * s) / 2}) scale(${s})`,
      }),
    );
    const r = (BOX * s) / 2 + 30;
    const maxArc = (Math.PI * r * 150) / 180;
    const size = fitSize(title, maxArc, 118, { tracking: 0.04 });
    const arc = arcTextPath(title, cx, cy, r, { size, tracking: 0.04, side: 'top' });
    parts.push(path(arc.d, textInk));
    // stars at the arc ends
    const end = ((arc.sweep / 2 + 7) * Math.PI) / 180;
    for (const sgn of [-1, 1]) {
      const a = -Math.PI / 2 + sgn * end;
      const sx = cx + (r + size * 0.32) * Math.cos(a);
      const sy = cy + (r + size * 0.32) * Math.sin(a);
      if (arc.sweep < 160) parts.push(star(sx, sy, 16, textInk));
    }
    const ts = 38;
    const tw = measure(tagline, { font: 'displayMedium', size: ts, tracking: 0.12 }) + 70;
    const ry = cy + (BOX * s) / 2 - 30;
    parts.push(ribbon(cx, ry, tw, 64, p.ink, p.deep));
    parts.push(
      path(
        textPath(tagline, cx, ry + 32 + capHeight(ts, 'displayMedium') / 2, {
          font: 'displayMedium',
          size: ts,
          tracking: 0.12,
        }).d,
        p.light,
      ),
    );
  } else if (layout === 'block') {
    // badge on top; under it the title set large on a solid block, the tagline between rules
    const s = 0.98;
    const cx = 500;
    const top = 24;
    parts.push(group(body, { transform: `translate(${cx - (BOX * s) / 2} ${top}) scale(${s})` }));
    const by = top + BOX * s + 34;
    const bh = 168;
    const bw = 820;
    parts.push(rect(cx - bw / 2, by, bw, bh, p.ink, { rx: 14 }));
    parts.push(
      rect(cx - bw / 2 + 12, by + 12, bw - 24, bh - 24, 'none', {
        rx: 8,
        stroke: p.accent,
        'stroke-width': 4,
      }),
    );
    const size = fitSize(title, bw - 90, 132, { tracking: 0.02 });
    parts.push(
      path(
        textPath(title, cx, by + bh / 2 + capHeight(size) / 2, { size, tracking: 0.02 }).d,
        p.light,
      ),
    );
    const ts = 40;
    const ty = by + bh + 30;
    const tw = measure(tagline, { font: 'displayMedium', size: ts, tracking: 0.14 });
    parts.push(rect(cx - tw / 2 - 120, ty + 18, 90, 6, textInk));
    parts.push(rect(cx + tw / 2 + 30, ty + 18, 90, 6, textInk));
    parts.push(
      path(
        textPath(tagline, cx, ty + capHeight(ts, 'displayMedium') / 2 + 21, {
          font: 'displayMedium',
          size: ts,
          tracking: 0.14,
        }).d,
        textInk,
      ),
    );
  } else {
    const s = 1.06;
    const cx = 500;
    const top = 56;
    parts.push(group(body, { transform: `translate(${cx - (BOX * s) / 2} ${top}) scale(${s})` }));
    const ry = top + BOX * s - 90;
    const rh = 150;
    const rw = 760;
    parts.push(ribbon(cx, ry, rw, rh, p.ink, p.deep));
    const size = fitSize(title, rw - 60, 118, { tracking: 0.03 });
    parts.push(
      path(
        textPath(title, cx, ry + rh / 2 + capHeight(size) / 2, { size, tracking: 0.03 }).d,
        p.light,
      ),
    );
    const ts = 40;
    parts.push(
      path(
        textPath(tagline, cx, ry + rh + 78, { font: 'displayMedium', size: ts, tracking: 0.14 }).d,
        textInk,
      ),
    );
  }
  return svgDoc(PRINT_SIZE, PRINT_SIZE, parts.join(''), defs);
}

function star(x: number, y: number, r: number, fill: string): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    pts.push([x + rr * Math.cos(a), y + rr * Math.sin(a)]);
  }
  return path(poly(pts), fill);
}

export { n };
